/**
 * Streams a generated data set as JSON text, section by section and row by row, so that large
 * benchmark sets never exist as one string in memory.
 *
 * Layouts: `pretty` is exactly what Prettier makes of the file (the committed sample is checked by
 * `prettier --check`); `compact` puts each row on one line without spaces (≈30% smaller, for
 * large benchmark sets).
 */
import { DataSet, DETAIL_TABLE_NAMES } from '@upright/contracts';
import type { DataSetParts } from './generate';
import { formatJson } from './json-format';

export type JsonLayout = 'pretty' | 'compact';

export type Sink = (chunk: string) => void | Promise<void>;

export interface WriteStats {
  characters: number;
  rows: Record<string, number>;
}

/** The whole file as text, laid out as Prettier would (for small sets and tests). */
export function formatDataSet(file: DataSet.ImportFile): string {
  return `${formatJson(file)}\n`;
}

export async function writeDataSet(
  parts: DataSetParts,
  sink: Sink,
  layout: JsonLayout = 'pretty',
): Promise<WriteStats> {
  return writeSections(sectionsOf(parts), sink, layout);
}

type Row = object;
interface Sections {
  industries: Iterable<Row>;
  companies: Iterable<Row>;
  scores: Iterable<Row>;
  details: Record<string, Iterable<Row>>;
  reports: Iterable<Row>;
  report_sources: Iterable<Row>;
}

function sectionsOf(source: DataSetParts | DataSet.ImportFile): Sections {
  const isParts = typeof source.scores === 'function';
  const parts = source as DataSetParts;
  const file = source as DataSet.ImportFile;
  return {
    industries: source.industries,
    companies: source.companies,
    scores: isParts ? parts.scores() : file.scores,
    details: Object.fromEntries(
      DETAIL_TABLE_NAMES.map((table) => [
        table,
        isParts ? parts.details(table) : (file.details[table] ?? []),
      ]),
    ),
    reports: source.reports,
    report_sources: source.report_sources,
  };
}

/** Buffers small strings into ~1 MB chunks for the sink. */
class Buffered {
  private parts: string[] = [];
  private size = 0;
  characters = 0;
  constructor(private readonly sink: Sink) {}
  async write(text: string): Promise<void> {
    this.parts.push(text);
    this.size += text.length;
    this.characters += text.length;
    if (this.size >= 1 << 20) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const chunk = this.parts.join('');
    this.parts = [];
    this.size = 0;
    await this.sink(chunk);
  }
}

/** An iterator with the first `count` items taken off, to decide the layout of an array. */
function peek<T>(items: Iterable<T>, count: number): { head: T[]; rest: Iterator<T> } {
  const rest = items[Symbol.iterator]();
  const head: T[] = [];
  while (head.length < count) {
    const next = rest.next();
    if (next.done) break;
    head.push(next.value);
  }
  return { head, rest };
}

async function writeSections(
  sections: Sections,
  sink: Sink,
  layout: JsonLayout,
): Promise<WriteStats> {
  const out = new Buffered(sink);
  const rows: Record<string, number> = {};
  const pretty = layout === 'pretty';

  /** `"key": [ rows ]` at `indent`; returns the number of rows. */
  async function writeArray(key: string, items: Iterable<Row>, indent: number, last: boolean) {
    const pad = ' '.repeat(indent);
    const prefix = `${pad}${JSON.stringify(key)}:${pretty ? ' ' : ''}`;
    const comma = last ? '' : ',';
    const { head, rest } = peek(items, 2);
    // Prettier only always-breaks arrays of two or more rows; shorter ones are laid out whole.
    if (head.length < 2) {
      const array = pretty
        ? formatJson(head, indent, prefix.length, last ? 0 : 1)
        : `[${head.map((row) => `\n${JSON.stringify(row)}`).join('')}${head.length ? '\n' : ''}]`;
      await out.write(`${prefix}${array}${comma}${pretty ? '\n' : ''}`);
      return head.length;
    }
    await out.write(`${prefix}[\n`);
    const rowIndent = indent + 2;
    const rowPad = ' '.repeat(rowIndent);
    let current = head[0];
    let upcoming: IteratorResult<Row> = { done: false, value: head[1] };
    let count = 0;
    for (;;) {
      const hasNext = !upcoming.done;
      const text = pretty
        ? rowPad + formatJson(current, rowIndent, rowIndent, hasNext ? 1 : 0)
        : JSON.stringify(current);
      await out.write(hasNext ? `${text},\n` : `${text}\n`);
      count++;
      if (upcoming.done) break;
      current = upcoming.value;
      upcoming = rest.next();
    }
    await out.write(`${pretty ? pad : ''}]${comma}${pretty ? '\n' : ''}`);
    return count;
  }

  await out.write(pretty ? '{\n' : '{');
  for (const section of DataSet.IMPORT_SECTIONS) {
    const last = section === DataSet.IMPORT_SECTIONS[DataSet.IMPORT_SECTIONS.length - 1];
    if (section !== 'details') {
      rows[section] = await writeArray(section, sections[section], pretty ? 2 : 0, last);
      continue;
    }
    const tables = Object.entries(sections.details).map(([table, items]) => {
      const { head, rest } = peek(items, 2);
      return { table, head, rest };
    });
    const tableItems = (head: Row[], rest: Iterator<Row>): Iterable<Row> => ({
      *[Symbol.iterator]() {
        yield* head;
        for (let next = rest.next(); !next.done; next = rest.next()) yield next.value;
      },
    });
    if (pretty && tables.every(({ head }) => head.length < 2)) {
      // Tiny data set: lay the whole details object out at once.
      const details = Object.fromEntries(tables.map(({ table, head }) => [table, head]));
      await out.write(
        `  "details": ${formatJson(details, 2, 13, last ? 0 : 1)}${last ? '' : ','}\n`,
      );
      for (const { table, head } of tables) rows[`details.${table}`] = head.length;
      continue;
    }
    await out.write(pretty ? '  "details": {\n' : '"details":{');
    for (const [i, { table, head, rest }] of tables.entries()) {
      rows[`details.${table}`] = await writeArray(
        table,
        tableItems(head, rest),
        pretty ? 4 : 0,
        i === tables.length - 1,
      );
    }
    await out.write(pretty ? `  }${last ? '' : ','}\n` : `}${last ? '' : ','}`);
  }
  await out.write('}\n');
  await out.flush();
  return { characters: out.characters, rows };
}
