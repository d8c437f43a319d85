import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { COOKIE_NOTICE_DAYS, COOKIES } from '../lib/constants';
import { getCookie, setCookie } from '../lib/cookies';
import { useBottomSpace } from '../hooks/useBottomSpace';
import { useSession } from '../state/session';

export function cookieNoticeDismissed(read: (name: string) => string | null = getCookie): boolean {
  return read(COOKIES.privacyAccepted) === 'true' || read(COOKIES.noCookies) === 'true';
}

/**
 * docs/product/spec.md#s2 cookie notice: role public only; hidden once privacyAccepted or noCookies
 * is 'true'. It says what is set (nothing that is not needed) and lets a visitor
 * refuse anything that is not (noCookies). While shown, the page keeps its height free at the
 * bottom, and scrolling to a control stops above it, so it never covers one.
 */
export function CookieNotice() {
  const { status } = useSession();
  const [dismissed, setDismissed] = useState(() => cookieNoticeDismissed());
  const notice = useRef<HTMLElement>(null);
  const shown = status === 'anonymous' && !dismissed;
  useBottomSpace(notice, shown, '--cookie-notice-space');
  if (!shown) return null;
  const choose = (name: string) => {
    setCookie(name, 'true', { days: COOKIE_NOTICE_DAYS });
    setDismissed(true);
  };
  return (
    <section ref={notice} className="cookie-notice" aria-label="Cookie notice">
      <p>
        We set only the cookies the site needs: one keeps you signed in and one protects forms.
        Analytics use no cookies, and nothing is set for advertising or tracking. Read our{' '}
        <Link to="/privacy-policy">privacy policy</Link> and{' '}
        <Link to="/terms-of-use">terms of use</Link>.
      </p>
      <div className="cookie-choices">
        <button type="button" className="button" onClick={() => choose(COOKIES.privacyAccepted)}>
          I understand and I&apos;m OK with this
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => choose(COOKIES.noCookies)}
        >
          Hide this notice
        </button>
      </div>
    </section>
  );
}
