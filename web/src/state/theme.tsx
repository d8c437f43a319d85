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
import { rememberTheme, storedTheme } from './theme-choice';

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
  // A server-made page was rendered without this browser's choice, so the first render says
  // light like the server's and the choice is read once adopted. Its colours are right from the
  // first paint all the same: index.html's boot script set them (decision 0040).
  const serverMade = useFirstAnswers() !== null;
  const [chosen, setChosen] = useState<Theme | null>(() => (serverMade ? null : storedTheme()));
  useBeforePaint(() => {
    if (serverMade) startTransition(() => setChosen(storedTheme()));
  }, []);
  useEffect(() => {
    if (!user?.theme) return;
    setChosen(user.theme);
    rememberTheme(user.theme);
  }, [user?.theme]);
  useEffect(() => {
    // Not before the choice is read: the boot script's colours stay until then.
    if (chosen) document.documentElement.dataset.theme = chosen;
  }, [chosen]);
  const theme = chosen ?? 'light';
  const value = useMemo<ThemeControl>(
    () => ({
      theme,
      setTheme(next) {
        setChosen(next);
        rememberTheme(next);
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
