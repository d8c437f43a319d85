import { Html } from './html';

/**
 * The built SPA's `index.html` with a page's head tags and first content put in: the template's
 * own title and description make way for the page's, and the content goes where the app mounts,
 * which replaces it once its code has loaded (docs/product/rules.md#s13, record 0026).
 */
export class PageTemplate {
  private readonly before: string;
  private readonly between: string;
  private readonly after: string;

  constructor(indexHtml: string) {
    const withoutHead = indexHtml
      .replace(/<title>[\s\S]*?<\/title>\s*/, '')
      .replace(/<meta\s+name="description"[^>]*>\s*/, '');
    const headEnd = withoutHead.indexOf('</head>');
    const root = withoutHead.indexOf(ROOT);
    if (headEnd < 0 || root < headEnd) {
      throw new Error(`index.html needs a </head> and then ${ROOT}`);
    }
    this.before = withoutHead.slice(0, headEnd);
    this.between = withoutHead.slice(headEnd, root + ROOT.length - '</div>'.length);
    this.after = withoutHead.slice(root + ROOT.length - '</div>'.length);
  }

  render(head: Html, main: Html): string {
    return `${this.before}  ${head.text}\n  ${this.between}<main>${main.text}</main>${this.after}`;
  }
}

const ROOT = '<div id="root"></div>';
