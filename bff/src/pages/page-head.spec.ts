import { parse } from 'node-html-parser';
import { headTags } from './page-head';
import { PageTemplate } from './page-html';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The app's own."
    />
    <title>Upright</title>
    <script type="module" src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('a page as first sent', () => {
  const head = headTags(
    {
      title: 'Tools & "Hardware" rankings',
      description: 'Makers of <tools>',
      path: '/companies/us/tools',
      image: '/share/industries/tools.png',
      jsonLd: { '@type': 'Dataset', name: '</script><script>alert(1)</script>', url: '/x' },
    },
    'https://upright.example',
    'Upright',
  );
  const page = parse(
    new PageTemplate(INDEX).render(head, {
      root: '<main><h1>Rendered</h1></main>',
      afterRoot: '<script type="application/json" id="first-answers">{}</script>',
    }),
  );

  it('replaces the app title and description with the page head, escaped', () => {
    expect(page.querySelectorAll('title').map((title) => title.rawText)).toEqual([
      'Tools &amp; &quot;Hardware&quot; rankings',
    ]);
    const descriptions = page.querySelectorAll('meta[name="description"]');
    expect(descriptions.map((meta) => meta.getAttribute('content'))).toEqual(['Makers of <tools>']);
    expect(page.querySelector('script[src]')?.getAttribute('src')).toBe('/assets/index-abc.js');
  });

  it('makes links absolute and offers a large card with the share image', () => {
    const content = (selector: string) => page.querySelector(selector)?.getAttribute('content');
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://upright.example/companies/us/tools',
    );
    expect(content('meta[property="og:image"]')).toBe(
      'https://upright.example/share/industries/tools.png',
    );
    expect(content('meta[name="twitter:card"]')).toBe('summary_large_image');
  });

  it('keeps JSON-LD inside its script element', () => {
    const scripts = page.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0].text)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Dataset',
      name: '</script><script>alert(1)</script>',
      url: 'https://upright.example/x',
    });
  });

  it('puts the rendered app where it mounts and its answers right after it', () => {
    expect(page.querySelector('#root > main > h1')?.text).toBe('Rendered');
    expect(page.querySelector('#root + script#first-answers')?.text).toBe('{}');
  });

  it('refuses a template with nowhere to mount', () => {
    expect(() => new PageTemplate('<html><head></head><body></body></html>')).toThrow(/root/);
  });
});
