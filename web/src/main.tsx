import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { PAGES } from './routes/pages';
import { prefetchPagesWith } from './routes/prefetch';
import { SessionProvider } from './state/session';
import { ThemeProvider } from './state/theme';
import './styles/app.css';

prefetchPagesWith((path) => PAGES[path]());

// No StrictMode: ReactiveSearch breaks under it (docs/product/rules.md#s9).
createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <SessionProvider>
      <ThemeProvider>
        <App />
      </ThemeProvider>
    </SessionProvider>
  </BrowserRouter>,
);
