/**
 * JSON text laid out the way Prettier lays out a `.json` file (print width 100, 2-space indent),
 * so the committed sample passes `prettier --check` without running Prettier over 3 MB, and
 * large sets can be streamed row by row. Supported values are those of the data set: objects,
 * arrays of objects or strings, strings, finite numbers, booleans and null. (Prettier "fills"
 * arrays of numbers; the data set has none, so they are rejected rather than laid out wrongly.)
 */

export const PRINT_WIDTH = 100;
const INDENT = 2;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** One value laid out as Prettier would, starting at `column` on a line indented by `indent`. */
export function formatJson(value: unknown, indent = 0, column = indent, trailing = 0): string {
  const json = value as Json;
  if (json === null || typeof json !== 'object') return flat(json) as string;
  const oneLine = flat(json);
  if (oneLine !== undefined && column + oneLine.length + trailing <= PRINT_WIDTH) return oneLine;
  const inner = ' '.repeat(indent + INDENT);
  const close = `\n${' '.repeat(indent)}`;
  if (Array.isArray(json)) {
    const lines = json.map(
      (element, i) =>
        inner + formatJson(element, indent + INDENT, indent + INDENT, i < json.length - 1 ? 1 : 0),
    );
    return `[\n${lines.join(',\n')}${close}]`;
  }
  const entries = Object.entries(json).filter(([, v]) => v !== undefined);
  const lines = entries.map(([key, element], i) => {
    const prefix = `${JSON.stringify(key)}: `;
    const start = indent + INDENT + prefix.length;
    return (
      inner + prefix + formatJson(element, indent + INDENT, start, i < entries.length - 1 ? 1 : 0)
    );
  });
  return `{\n${lines.join(',\n')}${close}}`;
}

/** The one-line form, or undefined when Prettier would always break the value. */
function flat(value: Json): string | undefined {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.some((element) => typeof element === 'number')) {
      throw new TypeError('arrays of numbers are not supported');
    }
    if (alwaysBreaks(value)) return undefined;
    const parts: string[] = [];
    for (const element of value) {
      const part = flat(element);
      if (part === undefined) return undefined;
      parts.push(part);
    }
    return `[${parts.join(', ')}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const parts: string[] = [];
  for (const [key, element] of entries) {
    const part = flat(element);
    if (part === undefined) return undefined;
    parts.push(`${JSON.stringify(key)}: ${part}`);
  }
  return `{ ${parts.join(', ')} }`;
}

/** Prettier breaks an array of two or more objects (or arrays) that each have two or more entries. */
function alwaysBreaks(array: Json[]): boolean {
  if (array.length < 2) return false;
  const first = array[0];
  const kind = Array.isArray(first) ? 'array' : typeof first === 'object' && first ? 'object' : '';
  if (kind === '') return false;
  return array.every((element) => {
    if (kind === 'array') return Array.isArray(element) && element.length > 1;
    return (
      typeof element === 'object' &&
      element !== null &&
      !Array.isArray(element) &&
      Object.values(element).filter((v) => v !== undefined).length > 1
    );
  });
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) throw new TypeError(`cannot write ${value} as JSON`);
  // Prettier prints exponents without "+" (1e21, not 1e+21).
  return JSON.stringify(value).replace('e+', 'e');
}
