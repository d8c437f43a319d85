/**
 * Report copy is short markdown (headings, paragraphs, bullet lists). It is turned into blocks
 * rendered as text — never as HTML, so copy can carry no markup or script. The web app and the
 * BFF's first HTML of a report page (docs/product/rules.md#s13) render the same blocks.
 */
export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

export function markdownBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of source.replace(/\r\n/g, '\n').split(/\n{2,}/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    if (lines.every((line) => /^[-*] /.test(line))) {
      blocks.push({ kind: 'list', items: lines.map((line) => stripInline(line.slice(2))) });
    } else if (lines.length === 1 && /^#{1,6} /.test(lines[0])) {
      blocks.push({ kind: 'heading', text: stripInline(lines[0].replace(/^#{1,6} /, '')) });
    } else {
      blocks.push({ kind: 'paragraph', text: stripInline(lines.join(' ')) });
    }
  }
  return blocks;
}

/** Drops emphasis markers and keeps link text. */
function stripInline(text: string): string {
  return text.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2');
}
