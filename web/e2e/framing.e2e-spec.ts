import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage } from './support/browser';
import { sampleTargets } from './support/data';

/**
 * docs/product/rules.md#s13: other sites may frame widgets, and nothing else. The other site is a
 * page on a port of its own (another origin); it is on this machine, because Chromium refuses a
 * public page's frames of a local address whatever the headers say.
 */
describe('framed by another site', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let industry: string;
  let embedder: Server;
  let framed = '/';

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    ({ industry } = await sampleTargets());
    embedder = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(
        `<!doctype html><title>Embedder</title><iframe title="Upright" src="${baseUrl()}${framed}" width="900" height="700"></iframe>`,
      );
    });
    await new Promise<void>((listening) => embedder.listen(0, '127.0.0.1', listening));
  });
  afterAll(async () => {
    embedder.close();
    await close();
  });

  async function embed(page: Page, path: string): Promise<void> {
    framed = path;
    await page.goto(`http://127.0.0.1:${(embedder.address() as AddressInfo).port}/`);
  }

  it('the industry widget works inside the other site’s iframe', async () => {
    const { context, page, errors } = await newPage(browser);
    await embed(page, `/widgets/companies/us/${industry}`);
    const frame = page.frameLocator('iframe');
    await frame.locator('h1.widget-title').waitFor();
    expect(await frame.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the industry page refuses to be shown there', async () => {
    const { context, page } = await newPage(browser);
    const path = `/companies/us/${industry}`;
    const refused = page.waitForEvent('console', (message) =>
      message.text().includes("frame-ancestors 'self'"),
    );
    await embed(page, path);
    await refused;
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
    expect(frame.url()).not.toBe(`${baseUrl()}${path}`);
    await context.close();
  });
});
