import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, RefObject } from 'react';
import { Link } from 'react-router-dom';
import { MENU_CLOSE_MS, MENU_WIDTH_PX, PRODUCT_NAME } from '../lib/constants';
import { keepTabInside } from '../lib/focus-trap';
import { useSession } from '../state/session';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Menu entries as [path, label]. */
type MenuLink = readonly [string, string];
const MEMBER_LINKS: readonly MenuLink[] = [
  ['/account/priorities', 'Priorities'],
  ['/account/settings', 'Account Settings'],
];
const VISITOR_LINKS: readonly MenuLink[] = [
  ['/account/signin', 'Sign In'],
  ['/account/signup', 'Join'],
];
const PRODUCT_LINKS: readonly MenuLink[] = [
  ['/reports', 'Reports'],
  ['/industries', 'Industries'],
  ['/methodology', 'Methodology'],
  ['/industries#compare', 'Compare companies'],
  ['/developers', 'Open data'],
  ['/about', 'About'],
  ['/faq', 'FAQ'],
  ['/contact', 'Contact'],
  ['/accessibility', 'Accessibility'],
];

/** The list items of `links`; following one closes the menu. */
function MenuLinks({ links, onFollow }: { links: readonly MenuLink[]; onFollow(): void }) {
  return (
    <>
      {links.map(([path, label]) => (
        <li key={path}>
          <Link to={path} onClick={onFollow}>
            {label}
          </Link>
        </li>
      ))}
    </>
  );
}

interface Props {
  open: boolean;
  onClose(): void;
  /** The button that opened the menu: focus returns there on close. */
  returnFocusTo: RefObject<HTMLButtonElement>;
}

/**
 * docs/product/spec.md#s2 mobile slide-out menu: width 300, 0.5 s close, Escape closes, focus
 * trapped and returned.
 */
export function MobileMenu({ open, onClose, returnFocusTo }: Props) {
  const { status, signOut } = useSession();
  const panel = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (open) {
      setMounted(true);
      const frame = requestAnimationFrame(() => setShown(true));
      return () => cancelAnimationFrame(frame);
    }
    setShown(false);
    const timer = setTimeout(() => setMounted(false), MENU_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    if (open && shown) panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [open, shown]);

  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) returnFocusTo.current?.focus();
    wasOpen.current = open;
  }, [open, returnFocusTo]);

  if (!mounted) return null;

  function onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    keepTabInside(event, panel.current, FOCUSABLE);
  }

  const close = () => onClose();
  return (
    <div className={`menu-layer${shown ? ' is-open' : ''}`} onKeyDown={onKeyDown}>
      <div className="menu-backdrop" onClick={close} aria-hidden="true" />
      <div
        ref={panel}
        id="mobile-menu"
        className="menu-panel"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        style={{ width: MENU_WIDTH_PX, transitionDuration: `${MENU_CLOSE_MS}ms` }}
      >
        <button type="button" className="menu-close" onClick={close}>
          Close menu
        </button>
        <nav aria-label="Mobile">
          <ul className="menu-list">
            <MenuLinks links={[['/', 'Home']]} onFollow={close} />
          </ul>
          <h2 className="menu-heading">your account</h2>
          <ul className="menu-list">
            {status === 'member' ? (
              <>
                <MenuLinks links={MEMBER_LINKS} onFollow={close} />
                <li>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      close();
                      void signOut();
                    }}
                  >
                    Sign Out
                  </button>
                </li>
              </>
            ) : (
              <MenuLinks links={VISITOR_LINKS} onFollow={close} />
            )}
          </ul>
          <h2 className="menu-heading">{PRODUCT_NAME}</h2>
          <ul className="menu-list">
            <MenuLinks links={PRODUCT_LINKS} onFollow={close} />
          </ul>
        </nav>
      </div>
    </div>
  );
}
