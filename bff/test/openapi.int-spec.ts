import { compileErrors, validate } from '@readme/openapi-parser';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { z } from 'zod';
import { bffService } from '../src/service';

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * docs/product/rules.md#s12: `/api/openapi.json` is a valid OpenAPI 3.1 document (a maintained
 * validator), describes every `/api` route the BFF answers, and the BFF's answers match what it
 * says.
 */
describe('the OpenAPI document', () => {
  const infra = testInfra();
  let bff: StartedApp;
  let document: {
    openapi: string;
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    components: { schemas: { ErrorBody: Record<string, unknown> } };
  };

  beforeAll(async () => {
    bff = await startTestApp(bffService, {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: uniqueTransportPrefix('openapi'),
      WEB_DIST_DIR: '',
    });
    const response = await fetch(`${bff.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as typeof document;
  });

  afterAll(async () => {
    await bff?.app.close();
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    // A copy: the parser resolves references in the object it is given.
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  it('covers every /api route the BFF has, with each method', () => {
    const express = bff.app.getHttpAdapter().getInstance() as {
      router: { stack: ExpressLayer[] };
    };
    const routes = express.router.stack
      .flatMap((layer) => (layer.route ? [layer.route] : []))
      .filter((route) => route.path.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      for (const method of Object.keys(route.methods).filter((name) => name !== '_all')) {
        expect({ path, method, described: document.paths[path]?.[method] !== undefined }).toEqual({
          path,
          method,
          described: true,
        });
      }
    }
  });

  it('describes parameters from the schemas the routes validate with', () => {
    const industry = document.paths['/api/companies/{market}/{industry}'].get;
    expect(industry.parameters?.map((parameter) => [parameter.in, parameter.name])).toEqual([
      ['path', 'market'],
      ['path', 'industry'],
      ['query', 'year'],
      ['query', 'qrt'],
    ]);
    const slug = (industry.parameters as unknown as { schema: { pattern: string } }[])[1].schema;
    expect(new RegExp(slug.pattern).test('fast-food')).toBe(true);
    expect(new RegExp(slug.pattern).test('Fast Food')).toBe(false);
  });

  it.each([
    '/api/companies/us/Not%20A%20Slug',
    '/api/open/us/tools.xml',
    '/api/companies/us/tools?year=2026',
    '/api/reports/latest/0',
  ])('a live error answer (%s) matches ErrorBody', async (path) => {
    const response = await fetch(`${bff.url}${path}`);
    expect(response.status).toBe(400);
    const errorBody = z.fromJSONSchema(document.components.schemas.ErrorBody);
    expect(errorBody.safeParse(await response.json()).success).toBe(true);
  });
});
