import { configProblems as problems } from '../../test/support/config-problems';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@upright/platform';
import { bffConfigSchema } from '../config/config';
import { headersOf, securityHeaders } from '../config/security-headers';
import { analyticsConnectSources, analyticsSettings, withAnalyticsTag } from './analytics';

const PLAUSIBLE = {
  ANALYTICS_ENDPOINT: 'https://plausible.io/api/event',
  ANALYTICS_SITE: 'upright.example.com',
};

describe('BFF analytics configuration', () => {
  it('is off with neither variable: no settings', () => {
    expect(analyticsSettings(loadConfig(bffConfigSchema, { HTTP_PORT: '8080' }))).toBeNull();
  });

  it('takes the endpoint and the site together', () => {
    expect(
      analyticsSettings(loadConfig(bffConfigSchema, { HTTP_PORT: '8080', ...PLAUSIBLE })),
    ).toEqual({
      endpoint: 'https://plausible.io/api/event',
      site: 'upright.example.com',
    });
    expect(problems({ ANALYTICS_ENDPOINT: PLAUSIBLE.ANALYTICS_ENDPOINT })).toEqual([
      'ANALYTICS_SITE: is required with ANALYTICS_ENDPOINT',
    ]);
    expect(problems({ ANALYTICS_SITE: PLAUSIBLE.ANALYTICS_SITE })).toEqual([
      'ANALYTICS_ENDPOINT: is required with ANALYTICS_SITE',
    ]);
  });

  it('needs https in production only', () => {
    const local = { ...PLAUSIBLE, ANALYTICS_ENDPOINT: 'http://127.0.0.1:9999/api/event' };
    expect(problems(local)).toEqual([]);
    const production = {
      NODE_ENV: 'production',
      SESSION_COOKIE_KEY: Buffer.alloc(32).toString('base64'),
      CAPTCHA_HMAC_SECRET: 'x'.repeat(32),
      REDIS_URL: 'rediss://redis:6379',
    };
    expect(problems({ ...production, ...local })).toEqual([
      'ANALYTICS_ENDPOINT: must start with https:// in production',
    ]);
    expect(problems({ ...production, ...PLAUSIBLE })).toEqual([]);
  });

  it('refuses an endpoint that is not a plain web URL and a site that is not a domain', () => {
    expect(
      problems({
        ANALYTICS_ENDPOINT: 'https://user:secret@stats.example.com/api/event',
        ANALYTICS_SITE: 'a.b',
      }),
    ).toEqual([
      'ANALYTICS_ENDPOINT: must be an http:// or https:// URL without user name or password',
    ]);
    expect(problems({ ANALYTICS_ENDPOINT: 'stats.example.com', ANALYTICS_SITE: 'a.b' })).toEqual([
      'ANALYTICS_ENDPOINT: must be an http:// or https:// URL without user name or password',
    ]);
    expect(
      problems({
        ANALYTICS_ENDPOINT: PLAUSIBLE.ANALYTICS_ENDPOINT,
        ANALYTICS_SITE: 'https://upright.example.com/',
      }),
    ).toEqual([
      'ANALYTICS_SITE: must be the site as registered with the provider, e.g. upright.example.com',
    ]);
  });
});

/** The value of a policy's `connect-src` directive. */
function connectSrc(policy: string): string | undefined {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('connect-src '))
    ?.slice('connect-src '.length);
}

/** The page policy the BFF sends, with these analytics origins. */
function bffCsp(connectSources: string[]): string {
  return String(
    headersOf(securityHeaders(["'self'"], [], connectSources))['content-security-policy'],
  );
}

describe('the analytics tag and connections', () => {
  const settings = {
    endpoint: 'https://stats.example.com:8443/api/event?x="1"',
    site: 'upright.example.com',
  };
  const indexHtml =
    '<html><head>\n    <title>Upright</title>\n  </head><body><div id="root"></div></body></html>';

  it('puts the settings in the head, escaped, and nothing when off', () => {
    expect(withAnalyticsTag(indexHtml, settings)).toBe(
      '<html><head>\n    <title>Upright</title>\n    ' +
        '<meta name="analytics" data-endpoint="https://stats.example.com:8443/api/event?x=&quot;1&quot;" data-site="upright.example.com" />\n' +
        '  </head><body><div id="root"></div></body></html>',
    );
    expect(withAnalyticsTag(indexHtml, null)).toBe(indexHtml);
  });

  it('opens connect-src for exactly the endpoint’s origin', () => {
    expect(analyticsConnectSources(settings)).toEqual(['https://stats.example.com:8443']);
    expect(analyticsConnectSources(null)).toEqual([]);
    expect(connectSrc(bffCsp(analyticsConnectSources(settings)))).toBe(
      "'self' https://stats.example.com:8443",
    );
    expect(connectSrc(bffCsp([]))).toBe("'self'");
  });

  it('leaves the nginx image’s copy of the headers as the BFF sends them without analytics', () => {
    const repo = path.resolve(__dirname, '../../..');
    const nginx = ['infra/docker/web/nginx.conf', 'infra/docker/web/security-headers.conf'].map(
      (file) => readFileSync(path.join(repo, file), 'utf8'),
    );
    const policies = nginx.flatMap((conf) =>
      [...conf.matchAll(/Content-Security-Policy "([^"]+)"/g)].map((match) => match[1]),
    );
    expect(policies).toHaveLength(2);
    expect(policies.map(connectSrc)).toEqual([connectSrc(bffCsp([])), connectSrc(bffCsp([]))]);
  });
});
