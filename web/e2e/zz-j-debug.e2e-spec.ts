import { acceptCookies, launchBrowser, newPage, open } from './support/browser';

it('debug', async () => {
  const { browser, close } = await launchBrowser();
  const { context, page } = await newPage(browser);
  await acceptCookies(context);
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  page.on('response', async (response) => {
    if (response.url().includes('/api/search')) console.log('RESP', response.status(), response.request().postData()?.slice(0, 300), (await response.text()).slice(0, 200));
  });
  await open(page, '/about?search=a');
  for (let i = 0; i < 4; i += 1) {
    await page.waitForTimeout(1000);
    console.log('TICK', i, page.url(), await page.getByTestId('search-panel').count(), await page.locator('.search-box').count(), await page.locator('.search-stats').allTextContents());
  }
  const industry = page.locator('details.search-filter', { hasText: 'Industry' });
  await industry.locator('.search-filter-item').first().click();
  for (let i = 0; i < 4; i += 1) {
    await page.waitForTimeout(1000);
    console.log('TICK2', i, page.url(), await page.locator('.search-stats').allTextContents(), await industry.locator('.search-filter-item').allTextContents());
  }
  await context.close();
  await close();
});
