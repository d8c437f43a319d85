import { useState } from 'react';
import { Link } from 'react-router-dom';
import { COOKIE_NOTICE_DAYS, COOKIES } from '../lib/constants';
import { getCookie, setCookie } from '../lib/cookies';
import { useSession } from '../state/session';

export function cookieNoticeDismissed(read: (name: string) => string | null = getCookie): boolean {
  return read(COOKIES.privacyAccepted) === 'true' || read(COOKIES.noCookies) === 'true';
}

/**
 * docs/product/spec.md#s2 cookie notice: role public only; hidden once privacyAccepted or noCookies
 * is 'true'.
 */
export function CookieNotice() {
  const { status } = useSession();
  const [dismissed, setDismissed] = useState(() => cookieNoticeDismissed());
  if (status !== 'anonymous' || dismissed) return null;
  return (
    <section className="cookie-notice" aria-label="Cookie notice">
      <p>
        We use cookies to keep you signed in and to understand how the site is used. Read our{' '}
        <Link to="/privacy-policy">privacy policy</Link> and{' '}
        <Link to="/terms-of-use">terms of use</Link>.
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          setCookie(COOKIES.privacyAccepted, 'true', { days: COOKIE_NOTICE_DAYS });
          setDismissed(true);
        }}
      >
        I understand and I&apos;m OK with this
      </button>
    </section>
  );
}
