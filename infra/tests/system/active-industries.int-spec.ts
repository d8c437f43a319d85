import { bumpPublicVersions } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { Client } from 'pg';
import { rankingsService } from '@upright/rankings';
import { bffService } from '@upright/bff';
import { opsUrl } from '@upright/bff/testing';

/**
 * The first real path end to end: HTTP → BFF → Redis Streams → rankings → Postgres → back.
 * Real Redis and Postgres; each run has its own transport prefix and industry slugs.
 */
describe('GET /api/active through the whole stack', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('active');
  const tag = randomUUID().slice(0, 6);
  const seeded = [
    { industry: `zz-${tag}-airlines`, industry_text: `Airlines ${tag}`, active: true },
    { industry: `zz-${tag}-banks`, industry_text: `Banks ${tag}`, active: true },
    { industry: `zz-${tag}-retired`, industry_text: `Retired ${tag}`, active: false },
  ];
  let admin: Client;
  let rankings: StartedApp | undefined;
  let bff: StartedApp;

  const common = {
    REDIS_URL: infra.redisUrl,
    TRANSPORT_PREFIX: prefix,
    REQUEST_DEADLINE_MS: '2000',
  };

  beforeAll(async () => {
    admin = new Client({ connectionString: infra.adminUrl() });
    await admin.connect();
    for (const row of seeded) {
      await admin.query(
        'INSERT INTO rankings.industries (industry, industry_text, active) VALUES ($1, $2, $3)',
        [row.industry, row.industry_text, row.active],
      );
    }
    rankings = await startTestApp(rankingsService, {
      ...common,
      DATABASE_URL: infra.databaseUrl('rankings'),
    });
    bff = await startTestApp(bffService, { ...common, WEB_DIST_DIR: '' });
  });

  afterAll(async () => {
    await bff?.app.close();
    await rankings?.app.close();
    await admin.query('DELETE FROM rankings.industries WHERE industry LIKE $1', [`zz-${tag}-%`]);
    await admin.end();
  });

  it('answers the active industries from Postgres, inactive ones left out', async () => {
    const response = await fetch(`${bff.url}/api/active`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Array<{ industry: string; industry_text: string }>;
    const ours = body.filter((row) => row.industry.startsWith(`zz-${tag}-`));
    expect(ours).toEqual([
      { industry: `zz-${tag}-airlines`, industry_text: `Airlines ${tag}` },
      { industry: `zz-${tag}-banks`, industry_text: `Banks ${tag}` },
    ]);
  });

  it('counts the call in the BFF and rankings metrics', async () => {
    const bffMetrics = await (await fetch(`${opsUrl(bff.app)}/metrics`)).text();
    expect(bffMetrics).toMatch(
      /upright_http_requests_total\{route="\/api\/active",method="GET",status="200",service="bff"\} [1-9]/,
    );
    const rankingsMetrics = await (await fetch(`${rankings!.url}/metrics`)).text();
    expect(rankingsMetrics).toMatch(
      /upright_messages_total\{pattern="rankings.industries.active",outcome="ok",service="rankings"\} [1-9]/,
    );
  });

  it('reports readiness of Redis and Postgres', async () => {
    const response = await fetch(`${rankings!.url}/health/ready`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      checks: { redis: 'ok', postgres: 'ok' },
    });
    // The BFF's probes are on its operations port (decision 0049).
    expect((await fetch(`${opsUrl(bff.app)}/health/live`)).status).toBe(200);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await fetch(`${bff.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('refuses malformed and oversize JSON bodies with JSON errors', async () => {
    const malformed = await fetch(`${bff.url}/api/active`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"broken": ',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe(
      'validation_failed',
    );
    const huge = await fetch(`${bff.url}/api/active`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ blob: 'x'.repeat(200_000) }),
    });
    expect(huge.status).toBe(413);
  });

  it('fails fast with 503 and retry advice when no rankings replica is running', async () => {
    await rankings!.app.close();
    rankings = undefined;
    // The kept answer is still current and would be served (docs/product/rules.md#s11); once the
    // data changes, nothing is kept and the BFF must ask rankings.
    const redis = new Redis(testInfra().redisUrl);
    await bumpPublicVersions(redis, prefix, ['data']);
    await redis.quit();
    // The BFF caches "a replica is alive" for 250 ms; a call inside that window waits for its
    // deadline (504). Past it, the BFF knows nobody is consuming and answers at once.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const response = await fetch(`${bff.url}/api/active`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('15');
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('service_unavailable');
    // 503, not 504: the BFF knew nobody was consuming and did not wait for the deadline.
    expect(body.error.message).toMatch(/15 seconds/);
  });
});
