import type { Html } from './html';

/**
 * The built SPA's `index.html` with a page's head tags and the app as rendered on the server put
 * in: the template's own title and description make way for the page's, the rendered app goes
 * where the app mounts (the browser adopts it, decision 0039), and what follows the root (the
 * answers it was rendered with) just after it.
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
    this.after = withoutHead.slice(root + ROOT.length);
  }

  render(head: Html, app: { root: string; afterRoot: string }): string {
    return `${this.before}  ${head.text}\n  ${this.between}${app.root}</div>${app.afterRoot}${this.after}`;
  }
}

const ROOT = '<div id="root"></div>';
