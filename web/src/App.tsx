import { Suspense, useEffect, useMemo, useRef } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { PageViews } from './analytics/PageViews';
import { BareLayout, Layout } from './components/Layout';
import { LoadingOverlay } from './components/LoadingOverlay';
import { ProgressBar } from './components/ProgressBar';
import { useFirstAnswers } from './ssr/first-answers';
import { startLoading } from './state/loading';
import { NOT_FOUND_PAGE, PAGES } from './routes/pages';
import { isBarePath, ROUTES } from './routes/table';

/**
 * Marks the page as run by the app: a server-made page is readable before, but its buttons and
 * fields answer only once adopted. Inside the routes' boundary, so it is set when the page itself
 * is (decision 0039); browser tests wait for it before they interact.
 */
function Started() {
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
  }, []);
  return null;
}

/** While a route chunk loads, the loader and progress bar run. */
function ChunkLoading() {
  useEffect(() => startLoading(), []);
  return <p className="visually-hidden">Loading page…</p>;
}

export function App() {
  const { pathname } = useLocation();
  const { pages, NotFoundPage } = useMemo(
    () => ({
      pages: ROUTES.map((route) => ({ path: route.path, Page: PAGES[route.path].component() })),
      NotFoundPage: NOT_FOUND_PAGE.component(),
    }),
    [],
  );
  const firstPathname = useRef(pathname);
  const firstAnswers = useFirstAnswers();
  useEffect(() => {
    window.scrollTo(0, 0);
    // The server's description, canonical link, share tags and answers are about the first page.
    if (pathname !== firstPathname.current) {
      document.querySelectorAll('[data-page-head]').forEach((tag) => tag.remove());
      firstAnswers?.forget();
    }
  }, [pathname, firstAnswers]);
  const routes = (
    <Suspense fallback={<ChunkLoading />}>
      <Routes>
        {pages.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      <Started />
    </Suspense>
  );
  return (
    <>
      <PageViews />
      <ProgressBar />
      <LoadingOverlay />
      {isBarePath(pathname) ? <BareLayout>{routes}</BareLayout> : <Layout>{routes}</Layout>}
    </>
  );
}
