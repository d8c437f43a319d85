import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../state/session';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';

/**
 * The ways into what makes a ranking believable, on every page: in the bar where
 * it is wide enough, in the menu otherwise.
 */
export const SITE_LINKS = [
  ['/industries', 'INDUSTRIES'],
  ['/methodology', 'METHODOLOGY'],
  ['/industries#compare', 'COMPARE'],
  ['/developers', 'OPEN DATA'],
] as const;

/**
 * docs/product/spec.md#s2 fixed top bar: logo, beta tag, SIGN IN / JOIN unless signed in, the
 * mobile menu.
 */
export function TopBar() {
  const { status, signOut } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="top-bar">
      <div className="top-bar-inner">
        <Logo />
        <nav aria-label="Main" className="top-nav">
          <Link to="/reports" className="top-link desktop-only">
            REPORTS
          </Link>
          {SITE_LINKS.map(([path, label]) => (
            <Link key={path} to={path} className="top-link wide-only">
              {label}
            </Link>
          ))}
          {status === 'member' ? (
            <>
              <Link to="/account/priorities" className="top-link desktop-only">
                PRIORITIES
              </Link>
              <Link to="/account/settings" className="top-link desktop-only">
                SETTINGS
              </Link>
              <button
                type="button"
                className="top-link link-button desktop-only"
                onClick={() => void signOut()}
              >
                SIGN OUT
              </button>
            </>
          ) : (
            // Also while the session is being checked: a server-made page (and a reader without
            // JavaScript) has SIGN IN and JOIN; a member's probe swaps them for the menu.
            <>
              <Link to="/account/signin" className="top-link">
                SIGN IN
              </Link>
              <Link to="/account/signup" className="top-link top-join">
                JOIN
              </Link>
            </>
          )}
          <button
            ref={menuButton}
            type="button"
            className="menu-button narrow-only"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 22 22">
              <path d="M3 5h16M3 11h16M3 17h16" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span className="visually-hidden">Open menu</span>
          </button>
        </nav>
      </div>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} returnFocusTo={menuButton} />
    </header>
  );
}
