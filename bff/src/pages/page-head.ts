import type { PageHead } from '@upright/contracts';
import { Html, html, scriptJson } from './html';

/**
 * The head tags of one page, with absolute URLs on `publicUrl` (no trailing slash). Each but the
 * title is marked `data-page-head`: the web app drops them when it moves to another page, so
 * they never describe a page they are not on (the app sets the title itself).
 */
export function headTags(head: PageHead, publicUrl: string, siteName: string): Html {
  const url = publicUrl + head.path;
  const image = head.image === undefined ? undefined : publicUrl + head.image;
  const jsonLd = head.jsonLd && {
    '@context': 'https://schema.org',
    ...head.jsonLd,
    ...(typeof head.jsonLd.url === 'string' ? { url: publicUrl + head.jsonLd.url } : {}),
  };
  return html`<title>${head.title}</title>
    <meta data-page-head name="description" content="${head.description}" />
    <link data-page-head rel="canonical" href="${url}" />
    <meta data-page-head property="og:site_name" content="${siteName}" />
    <meta data-page-head property="og:type" content="${head.type ?? 'website'}" />
    <meta data-page-head property="og:title" content="${head.title}" />
    <meta data-page-head property="og:description" content="${head.description}" />
    <meta data-page-head property="og:url" content="${url}" />${
      image === undefined
        ? ''
        : html` <meta data-page-head property="og:image" content="${image}" />
            <meta data-page-head property="og:image:width" content="1200" />
            <meta data-page-head property="og:image:height" content="630" />
            <meta data-page-head name="twitter:image" content="${image}" />`
    }
    <meta
      name="twitter:card"
      content="${image === undefined ? 'summary' : 'summary_large_image'}"
    />
    <meta data-page-head name="twitter:title" content="${head.title}" />
    <meta data-page-head name="twitter:description" content="${head.description}" />${
      jsonLd === undefined
        ? ''
        : html` <script data-page-head type="application/ld+json">
            ${new Html(scriptJson(jsonLd))}
          </script>`
    }`;
}
