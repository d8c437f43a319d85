import { createHash } from 'node:crypto';

/** Script elements with no `src`, and their type attribute if any. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const SCRIPT_TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
/** Types a browser runs; any other (application/json data) is inert and needs no permission. */
const RUN_TYPES = new Set(['', 'text/javascript', 'module', 'application/javascript']);

/**
 * The CSP sources that let the page's own inline scripts run and no other (decision 0040): one
 * `'sha256-…'` per script the browser would execute, over its exact text.
 */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    const type = (SCRIPT_TYPE.exec(attributes)?.[1] ?? '').toLowerCase();
    if (!RUN_TYPES.has(type)) continue;
    sources.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}
