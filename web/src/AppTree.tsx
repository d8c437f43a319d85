import { App } from './App';
import { FirstAnswersContext, type FirstAnswers } from './ssr/first-answers';
import { SessionProvider } from './state/session';
import { ThemeProvider } from './state/theme';

/**
 * The app with its state, the same on the server and in the browser (each puts its own router
 * around it): hydration needs the same tree on both sides (decision 0039). `firstAnswers` is null
 * for a page the browser renders alone.
 */
export function AppTree({ firstAnswers }: { firstAnswers: FirstAnswers | null }) {
  return (
    <FirstAnswersContext.Provider value={firstAnswers}>
      <SessionProvider>
        <ThemeProvider>
          <App />
        </ThemeProvider>
      </SessionProvider>
    </FirstAnswersContext.Provider>
  );
}
