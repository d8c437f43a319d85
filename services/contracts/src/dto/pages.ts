/**
 * What a page's first HTML says about it to crawlers and link previews (docs/product/rules.md#s13):
 * made by the web's route table from the page's answers (`web/src/routes/heads.ts`), written as
 * head tags by the BFF (`bff/src/pages/page-head.ts`).
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
