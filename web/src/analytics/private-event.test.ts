import { describe, expect, it } from 'vitest';
import {
  analyticsSettingsIn,
  pageUrl,
  privateEvent,
  redactedPath,
  referrerOrigin,
} from './private-event';

describe('redactedPath', () => {
  it('replaces the codes of mailed links with their route', () => {
    expect(redactedPath('/account/reset/5f2c9a0e')).toBe('/account/reset/:hash');
    expect(redactedPath('/account/verify/abc-DEF_123')).toBe('/account/verify/:hash');
    expect(redactedPath('/account/unsubscribe/42/9b1d')).toBe('/account/unsubscribe/:uid/:key');
  });

  it('catches every spelling the router would open', () => {
    expect(redactedPath('/Account/RESET/5f2c9a0e')).toBe('/account/reset/:hash');
    expect(redactedPath('//account//verify/abc')).toBe('/account/verify/:hash');
    expect(redactedPath('/account/%72eset/5f2c9a0e')).toBe('/account/reset/:hash');
    expect(redactedPath('/account/reset/5f2c/extra%zz')).toBe('/account/reset/:hash');
    expect(redactedPath('/account/unsubscribe/42')).toBe('/account/unsubscribe/:uid/:key');
  });

  it('keeps every other path, the reset request page included', () => {
    expect(redactedPath('/')).toBe('/');
    expect(redactedPath('/account/reset')).toBe('/account/reset');
    expect(redactedPath('/companies/us/banks/first-bank')).toBe('/companies/us/banks/first-bank');
    expect(redactedPath('/account/settings')).toBe('/account/settings');
  });
});

describe('pageUrl', () => {
  it('drops the query and the fragment', () => {
    expect(pageUrl('https://upright.example.com/compare/us/banks?c=a,b#table')).toBe(
      'https://upright.example.com/compare/us/banks',
    );
  });

  it('sends a mailed link as its route', () => {
    expect(pageUrl('https://upright.example.com/account/reset/5f2c9a0e?email=a%40b.c')).toBe(
      'https://upright.example.com/account/reset/:hash',
    );
  });
});

describe('referrerOrigin', () => {
  it('keeps the referring site, not its page', () => {
    expect(referrerOrigin('https://news.example.org/story?id=7&user=ann#c')).toBe(
      'https://news.example.org/',
    );
  });

  it('sends none for no referrer or one that is not a web address', () => {
    expect(referrerOrigin('')).toBeNull();
    expect(referrerOrigin(null)).toBeNull();
    expect(referrerOrigin('not a url')).toBeNull();
    expect(referrerOrigin('data:text/html,hi')).toBeNull();
  });
});

describe('privateEvent', () => {
  it('rewrites the page and the referrer of what the tracker sends, and nothing else', () => {
    expect(
      privateEvent({
        n: 'pageview',
        v: 36,
        u: 'https://upright.example.com/account/verify/abc?x=1#y',
        d: 'upright.example.com',
        r: 'https://mail.example.net/inbox/123?token=t',
      }),
    ).toEqual({
      n: 'pageview',
      v: 36,
      u: 'https://upright.example.com/account/verify/:hash',
      d: 'upright.example.com',
      r: 'https://mail.example.net/',
    });
  });
});

describe('analyticsSettingsIn', () => {
  const page = (attributes: Record<string, string> | null) => ({
    querySelector: (selector: string) =>
      attributes && selector === 'meta[name="analytics"]'
        ? ({ getAttribute: (name: string) => attributes[name] ?? null } as Element)
        : null,
  });

  it('reads the endpoint and the site the BFF put in the page', () => {
    expect(
      analyticsSettingsIn(
        page({ 'data-endpoint': 'https://plausible.io/api/event', 'data-site': 'example.com' }),
      ),
    ).toEqual({ endpoint: 'https://plausible.io/api/event', site: 'example.com' });
  });

  it('is off without the tag or with half of it', () => {
    expect(analyticsSettingsIn(page(null))).toBeNull();
    expect(analyticsSettingsIn(page({ 'data-site': 'example.com' }))).toBeNull();
  });
});
