import type { Theme } from '../api/account-types';

/**
 * Where this browser keeps its theme. The boot script in index.html reads the same key, before
 * the first paint of a server-made page (decision 0040); theme-choice.test.ts holds the two to the
 * same answer.
 */
export const THEME_STORAGE_KEY = 'upright-theme';

/** This browser's choice, or the system preference when it made none. */
export function storedTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    // storage disabled: fall back to the system preference
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Kept for the next visit, whose first paint the boot script colours. */
export function rememberTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // the choice still applies to this visit
  }
}
