/** An attribute value as HTML wants it inside double quotes. */
function attribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Height in pixels of an embedded widget: its table's first rows without an inner scroll bar. */
export const EMBED_HEIGHT_PX = 560;

/**
 * The `<iframe>` a publisher pastes to show a widget: full width, the given
 * height, no border, loaded when scrolled near, titled for screen readers.
 */
export function embedCode(url: string, title: string, height = EMBED_HEIGHT_PX): string {
  return `<iframe src="${attribute(url)}" title="${attribute(title)}" width="100%" height="${height}" style="border:0" loading="lazy"></iframe>`;
}
