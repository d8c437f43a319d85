import { Html, html, scriptJson } from './html';

/**
 * What a page's first HTML says about it to crawlers and link previews (docs/product/rules.md#s13),
 * as the web's route table makes it from the page's answers (`web/src/routes/heads.ts`, whose
 * `PageHead` this mirrors: the BFF reads the built server entry, not the web's sources).
 */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own path; made absolute with the site's public URL. */
  path: string;
  /** A share image's path (reports, industries, companies); none for the other pages. */
  image?: string;
  /** Open Graph type: `website`, `article` (reports) or `profile` (companies). */
  type?: 'website' | 'article' | 'profile';
  /** schema.org JSON-LD (`Organization`, `Dataset`, `WebSite`). */
  jsonLd?: Record<string, unknown>;
}

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
