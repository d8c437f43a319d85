import type { ReactNode } from 'react';
import { SearchBar } from '../search/SearchBar';
import { CookieNotice } from './CookieNotice';
import { DiscontinuedOverlay } from './DiscontinuedOverlay';
import { Footer } from './Footer';
import { MobilePromoFooter } from './Promo';
import { TopBar } from './TopBar';

/** docs/product/spec.md#s2: fixed top bar, search bar, main content (max 1300 px) and footer. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar />
      <div className="page-width search-row">
        <SearchBar />
      </div>
      <main id="main" className="page-width main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <CookieNotice />
      <MobilePromoFooter />
      <DiscontinuedOverlay />
    </>
  );
}

/** `/widgets/…`: bare layout for iframes, no header or footer. */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="widget-main">
      {children}
    </main>
  );
}
