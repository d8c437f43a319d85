import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, RefObject } from 'react';
import { Link } from 'react-router-dom';
import { MENU_CLOSE_MS, MENU_WIDTH_PX, PRODUCT_NAME } from '../lib/constants';
import { useSession } from '../state/session';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  open: boolean;
  onClose(): void;
  /** The button that opened the menu: focus returns there on close. */
  returnFocusTo: RefObject<HTMLButtonElement>;
}

/** Spec §2 mobile slide-out menu: width 300, 0.5 s close, Escape closes, focus trapped and returned. */
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
    if (event.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
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
            <li>
              <Link to="/" onClick={close}>
                Home
              </Link>
            </li>
          </ul>
          <h2 className="menu-heading">your account</h2>
          <ul className="menu-list">
            {status === 'member' ? (
              <>
                <li>
                  <Link to="/account/priorities" onClick={close}>
                    Priorities
                  </Link>
                </li>
                <li>
                  <Link to="/account/settings" onClick={close}>
                    Account Settings
                  </Link>
                </li>
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
              <>
                <li>
                  <Link to="/account/signin" onClick={close}>
                    Sign In
                  </Link>
                </li>
                <li>
                  <Link to="/account/signup" onClick={close}>
                    Join
                  </Link>
                </li>
              </>
            )}
          </ul>
          <h2 className="menu-heading">{PRODUCT_NAME}</h2>
          <ul className="menu-list">
            <li>
              <Link to="/reports" onClick={close}>
                Reports
              </Link>
            </li>
            <li>
              <Link to="/about" onClick={close}>
                About
              </Link>
            </li>
            <li>
              <Link to="/faq" onClick={close}>
                FAQ
              </Link>
            </li>
            <li>
              <Link to="/contact" onClick={close}>
                Contact
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
