import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppTree } from './AppTree';
import { NOT_FOUND_PAGE, PAGES } from './routes/pages';
import { prefetchPagesWith } from './routes/prefetch';
import { matchRoute } from './routes/table';
import { embeddedFirstAnswers, readEmbeddedFirstAnswers } from './ssr/first-answers';
import './styles/app.css';

prefetchPagesWith((path) => PAGES[path].load());

const root = document.getElementById('root')!;
const embedded = readEmbeddedFirstAnswers(document);
const app = (
  <BrowserRouter>
    <AppTree firstAnswers={embedded && embeddedFirstAnswers(embedded)} />
  </BrowserRouter>
);

// No StrictMode: ReactiveSearch breaks under it (docs/product/rules.md#s9). A server-made page
// is adopted as sent (decision 0039); account pages are rendered here.
if (embedded) {
  // The page's chunk first, so its server-made content is adopted at once, not after a wait.
  const match = matchRoute(window.location.pathname);
  void (match ? PAGES[match.route.path] : NOT_FOUND_PAGE)
    .load()
    .catch(() => undefined)
    .then(() => hydrateRoot(root, app));
} else createRoot(root).render(app);
