import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY, storedTheme } from './theme-choice';

const indexHtml = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
const bootScript = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1] ?? '';

/** A browser's storage: a saved value, none, or storage that refuses to be read. */
type Saved = string | null | 'throws';

function browser(saved: Saved, prefersDark: boolean) {
  const localStorage = {
    getItem: (key: string) => {
      if (saved === 'throws') throw new Error('storage disabled');
      return key === THEME_STORAGE_KEY ? saved : null;
    },
  };
  const window = {
    matchMedia: (query: string) => ({
      matches: prefersDark && query === '(prefers-color-scheme: dark)',
    }),
  };
  return { localStorage, window };
}

/** What the boot script in index.html puts on <html> before the first paint. */
function bootTheme(saved: Saved, prefersDark: boolean): string | undefined {
  const { localStorage, window } = browser(saved, prefersDark);
  const document = { documentElement: { dataset: {} as Record<string, string> } };
  new Function('document', 'localStorage', 'window', bootScript)(document, localStorage, window);
  return document.documentElement.dataset.theme;
}

function appTheme(saved: Saved, prefersDark: boolean): string {
  const { localStorage, window } = browser(saved, prefersDark);
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('window', window);
  return storedTheme();
}

afterEach(() => vi.unstubAllGlobals());

describe('theme choice', () => {
  it('index.html has the boot script', () => {
    expect(bootScript).toContain(THEME_STORAGE_KEY);
  });

  const cases = (['light', 'dark', null, 'purple', 'throws'] as Saved[]).flatMap((saved) =>
    [true, false].map((prefersDark) => ({ saved, prefersDark })),
  );

  it.each(cases)(
    'boot script and app agree (saved $saved, system prefers dark $prefersDark)',
    ({ saved, prefersDark }) => {
      const expected =
        saved === 'light' || saved === 'dark' ? saved : prefersDark ? 'dark' : 'light';
      expect(bootTheme(saved, prefersDark)).toBe(expected);
      expect(appTheme(saved, prefersDark)).toBe(expected);
    },
  );
});
