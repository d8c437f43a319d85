/**
 * Citations of the docs cannot dangle: every `docs/…md#anchor` a comment cites, and every
 * Markdown link to a `.md#anchor`, names a file that exists and an anchor in it (an explicit
 * `<a id>` or a heading's GitHub slug). The product's rules are cited as
 * `docs/product/rules.md#sN` / `docs/product/spec.md#sN`; the old "spec §N" / "decisions §N",
 * whose documents were not in the repository, is refused (infra/tools/link-product-citations.py
 * rewrites it).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../docker/images';

const ROOTS = ['services', 'bff', 'web', 'infra', 'charts', 'docs', 'Makefile', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'generated', 'results', 'screenshots']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|css|html|md|ya?ml|sh|sql|prisma|conf|tpl|txt)$|^Makefile$/;
/** The copied documents cite their own sections; applied migrations are history. */
const UNCHECKED_OLD_STYLE = [/^docs\/product\//, /\/db\/migrations\//, /^infra\/tools\//];

function textFiles(relative: string): string[] {
  const absolute = path.join(repoRoot, relative);
  if (!statSync(absolute, { throwIfNoEntry: false })) return [];
  if (statSync(absolute).isFile()) return TEXT.test(path.basename(relative)) ? [relative] : [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? SKIPPED_DIRS.has(entry.name)
        ? []
        : textFiles(path.join(relative, entry.name))
      : TEXT.test(entry.name)
        ? [path.join(relative, entry.name)]
        : [],
  );
}

/** GitHub's heading anchor: lowercase, punctuation dropped, spaces as hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown text offers. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  for (const match of markdown.matchAll(/^#{1,6}\s+(.+)$/gm)) anchors.add(headingSlug(match[1]));
  return anchors;
}

export interface Citation {
  /** The cited file, relative to the repository. */
  file: string;
  anchor: string;
}

/** The `.md#anchor` citations in a file's text: repository paths, and links relative to it. */
export function citationsIn(text: string, fromFile: string): Citation[] {
  const citations: Citation[] = [];
  for (const match of text.matchAll(/(?<![\w/.-])(docs\/[\w./-]+\.md)#([\w-]+)/g)) {
    citations.push({ file: match[1], anchor: match[2] });
  }
  for (const match of text.matchAll(/\]\(([^)\s#]+\.md)#([\w-]+)\)/g)) {
    if (/^[a-z]+:/.test(match[1])) continue; // another site's page
    const file = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), match[1]));
    citations.push({ file, anchor: match[2] });
  }
  return citations;
}

/** What is wrong with the citations, given a reader of the repository's files. */
export function danglingCitations(
  files: Array<{ file: string; text: string }>,
  read: (file: string) => string | null,
): string[] {
  const anchors = new Map<string, Set<string> | null>();
  const problems: string[] = [];
  for (const { file, text } of files) {
    for (const citation of citationsIn(text, file)) {
      if (!anchors.has(citation.file)) {
        const cited = read(citation.file);
        anchors.set(citation.file, cited === null ? null : anchorsOf(cited));
      }
      const offered = anchors.get(citation.file);
      if (offered === null) problems.push(`${file}: ${citation.file} does not exist`);
      else if (!offered!.has(citation.anchor)) {
        problems.push(`${file}: ${citation.file} has no anchor #${citation.anchor}`);
      }
    }
  }
  return problems;
}

const readRepoFile = (file: string): string | null => {
  try {
    return readFileSync(path.join(repoRoot, file), 'utf8');
  } catch {
    return null;
  }
};

describe('citations of the docs', () => {
  const files = ROOTS.flatMap(textFiles)
    .map((file) => file.split(path.sep).join('/'))
    // Its own fixtures below dangle on purpose.
    .filter((file) => file !== 'infra/tests/doc-anchors.spec.ts')
    .map((file) => ({ file, text: readFileSync(path.join(repoRoot, file), 'utf8') }));

  it('finds the product rules cited from code (the scan reads the tree)', () => {
    const cited = files.flatMap(({ file, text }) => citationsIn(text, file));
    expect(
      cited.filter((citation) => citation.file === 'docs/product/rules.md').length,
    ).toBeGreaterThan(100);
  });

  it('every cited docs file and anchor exists', () => {
    expect(danglingCitations(files, readRepoFile)).toEqual([]);
  });

  it('no comment cites "spec §N" or "decisions §N" without a link', () => {
    const oldStyle = files
      .filter(({ file }) => !UNCHECKED_OLD_STYLE.some((pattern) => pattern.test(file)))
      .flatMap(({ file, text }) =>
        [...text.matchAll(/\b(?:spec|decisions)(?:'s)?\s+§\d+(?!\d|\]\()/gi)].map(
          (match) => `${file}: ${match[0]}`,
        ),
      );
    expect(oldStyle).toEqual([]);
  });

  it('code cites decisions one way ("decision NNNN") and never a tracker\'s issue number', () => {
    // The tracker is not in the repository; "record NNNN" was the second word for a decision.
    const code = files.filter(
      ({ file }) =>
        !file.startsWith('docs/') && !file.endsWith('.md') && !/\/db\/migrations\//.test(file),
    );
    const stray = code.flatMap(({ file, text }) =>
      [...text.matchAll(/\bissues? #?\d{2,3}\b|\brecords? 00\d\d\b/gi)].map(
        (match) => `${file}: ${match[0]}`,
      ),
    );
    expect(stray).toEqual([]);
  });

  it('catches a missing anchor, a missing file and a relative link gone wrong', () => {
    const docs: Record<string, string> = {
      'docs/product/rules.md': '<a id="s5"></a>\n\n## §5 Ranking rules (exact)\n',
    };
    const read = (file: string) => docs[file] ?? null;
    const code = {
      file: 'services/x/src/a.ts',
      text: '// docs/product/rules.md#s5 and docs/product/rules.md#s99, docs/product/gone.md#s1',
    };
    const markdown = {
      file: 'docs/services/x.md',
      text: '[ok](../product/rules.md#5-ranking-rules-exact), [bad](../rules.md#s5)',
    };
    expect(danglingCitations([code, markdown], read)).toEqual([
      'services/x/src/a.ts: docs/product/rules.md has no anchor #s99',
      'services/x/src/a.ts: docs/product/gone.md does not exist',
      'docs/services/x.md: docs/rules.md does not exist',
    ]);
  });
});
