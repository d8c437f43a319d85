import { escapeHtml } from '../shared/escape-html';

/** JSON inside `<script>`: no `<` can close the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Tagged template whose interpolations are escaped unless they are `Html` already. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Part = string | number | Html | null | undefined | false | readonly Part[];

function partText(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(partText).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let text = strings[0];
  parts.forEach((part, index) => (text += partText(part) + strings[index + 1]));
  return new Html(text);
}

/**
 * The page a person sees when a page is refused (over budget, or the replica is busy). Given the
 * answer's `Retry-After`, the browser asks again by itself then, as the web app does for a read:
 * nobody has to find the reload button.
 */
export function refusalPage(message: string, retryAfterSeconds?: number): string {
  const retry =
    retryAfterSeconds === undefined
      ? ''
      : `<meta http-equiv="refresh" content="${retryAfterSeconds}">`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${retry}<title>Please try again</title></head><body><main><h1>Please try again in a moment</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}
