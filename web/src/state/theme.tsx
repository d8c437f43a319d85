import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import type { Theme } from '../api/account-types';
import { useFirstAnswers } from '../ssr/first-answers';
import { useSession } from './session';

const STORAGE_KEY = 'upright-theme';

function storedTheme(): Theme {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    // storage disabled: fall back to the system preference
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

interface ThemeControl {
  theme: Theme;
  setTheme(theme: Theme): void;
}

const ThemeContext = createContext<ThemeControl | null>(null);

/**
 * docs/product/spec.md#s2 theme presets light and dark; a member's saved theme wins over this
 * browser's choice.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  // A server-made page was rendered without this browser's choice: it is read once adopted.
  const serverMade = useFirstAnswers() !== null;
  const [theme, setThemeState] = useState<Theme>(() => (serverMade ? 'light' : storedTheme()));
  useBeforePaint(() => {
    if (serverMade) startTransition(() => setThemeState(storedTheme()));
  }, []);
  useEffect(() => {
    if (user?.theme) setThemeState(user.theme);
  }, [user?.theme]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const value = useMemo<ThemeControl>(
    () => ({
      theme,
      setTheme(next) {
        setThemeState(next);
        try {
          localStorage.setItem(STORAGE_KEY, next);
        } catch {
          // the choice still applies to this visit
        }
      },
    }),
    [theme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** A layout effect in the browser; nothing on the server, which has no paint to precede. */
const useBeforePaint = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export function useTheme(): ThemeControl {
  const control = useContext(ThemeContext);
  if (!control) throw new Error('useTheme outside ThemeProvider');
  return control;
}
