import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rankTier, rankTierClass } from './rank-scale';

describe('rankTier', () => {
  it('puts the first in the top fifth and the last in the bottom fifth', () => {
    expect(rankTier(1, 19)).toBe(1);
    expect(rankTier(19, 19)).toBe(5);
    expect(rankTier(10, 19)).toBe(3);
  });

  it('splits a field into five equal bands', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((rank) => rankTier(rank, 11))).toEqual([
      1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
  });

  it('has no tier without a rank or a field', () => {
    expect(rankTier(null, 19)).toBeNull();
    expect(rankTier(3, 0)).toBeNull();
    expect(rankTierClass(undefined, 5)).toBe('');
    expect(rankTier(1, 1)).toBe(1);
  });

  it('keeps a rank past the field (a tie counted from below) in the bottom fifth', () => {
    expect(rankTier(25, 19)).toBe(5);
  });
});

/** WCAG 2.2 relative luminance and contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const v = parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

describe('tokens.css', () => {
  const css = readFileSync(path.join(__dirname, 'tokens.css'), 'utf8');
  const palettes = css
    .split(/\[data-theme='dark'\]/)
    .map(
      (block) =>
        Object.fromEntries(
          [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/g)].map((m) => [m[1], m[2]]),
        ) as Record<string, string>,
    );

  it.each(['light', 'dark'].map((name, i) => [name, i] as const))(
    'meets AA contrast in the %s theme',
    (_name, i) => {
      const p = palettes[i];
      for (const pair of [
        ['text', 'bg'],
        ['muted', 'bg'],
        ['muted', 'surface'],
        ['link', 'bg'],
        ['link', 'surface'],
        ['accent-text', 'accent'],
        ['ok', 'bg'],
        ['danger', 'bg'],
        ['text', 'danger-bg'],
        ['link', 'notice-bg'],
      ]) {
        expect(contrast(p[pair[0]], p[pair[1]])).toBeGreaterThanOrEqual(4.5);
      }
      for (const tier of [1, 2, 3, 4, 5]) {
        expect(contrast(p[`tier-${tier}-text`], p[`tier-${tier}-bg`])).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.link, p[`tier-${tier}-bg`])).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast(p['border-strong'], p.bg)).toBeGreaterThanOrEqual(3);
    },
  );
});
