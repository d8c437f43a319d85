import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { COOKIES } from '../lib/constants';
import { getCookie, setCookie } from '../lib/cookies';
import { useBottomSpace } from '../hooks/useBottomSpace';
import { useSession } from '../state/session';

export interface PromoContent {
  text: string;
  link: string;
  linkLabel: string;
}

export const JOIN_PROMO: PromoContent = {
  text: 'Set your own priorities and every ranking on the site follows what matters to you.',
  link: '/account/signup',
  linkLabel: 'Join free',
};

/** docs/product/spec.md#s2 promo banner (text, link, link label). */
export function PromoBanner({ promo = JOIN_PROMO }: { promo?: PromoContent }) {
  const { status } = useSession();
  if (status === 'member') return null;
  return (
    <aside className="promo-banner" aria-label="Promotion">
      <p>{promo.text}</p>
      <Link to={promo.link} className="button">
        {promo.linkLabel}
      </Link>
    </aside>
  );
}

/**
 * docs/product/spec.md#s2 mobile promo footer; dismissing sets a session cookie that only records
 * that.
 */
export function MobilePromoFooter({ promo = JOIN_PROMO }: { promo?: PromoContent }) {
  const { status } = useSession();
  const [dismissed, setDismissed] = useState(() => getCookie(COOKIES.promoDismissed) === 'true');
  const bar = useRef<HTMLElement>(null);
  const shown = status === 'anonymous' && !dismissed;
  useBottomSpace(bar, shown, '--promo-space');
  if (!shown) return null;
  return (
    <aside ref={bar} className="mobile-promo mobile-only" aria-label="Join promotion">
      <Link to={promo.link}>{promo.linkLabel}: set your priorities</Link>
      <button
        type="button"
        className="link-button"
        onClick={() => {
          setCookie(COOKIES.promoDismissed, 'true');
          setDismissed(true);
        }}
      >
        Dismiss
      </button>
    </aside>
  );
}
