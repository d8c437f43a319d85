import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage } from './support/browser';
import { sampleTargets } from './support/data';

/** A page of another origin, served by the browser itself, that frames one of ours. */
const EMBEDDER = 'http://embedder.example/';

async function embed(page: Page, path: string): Promise<void> {
  await page.route(EMBEDDER, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Embedder</title><iframe title="Upright" src="${baseUrl()}${path}" width="900" height="700"></iframe>`,
    }),
  );
  await page.goto(EMBEDDER);
}

/** Decisions §13: other sites may frame widgets, and nothing else. */
describe('framed by another site', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let industry: string;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    ({ industry } = await sampleTargets());
  });
  afterAll(async () => close());

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
    await embed(page, path);
    await page.waitForLoadState('load');
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
    // A frame the browser refuses never holds the page (Chromium shows its error page there).
    expect(frame.url()).not.toBe(`${baseUrl()}${path}`);
    await context.close();
  });
});
