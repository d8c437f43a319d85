import { readFileSync } from 'node:fs';
import path from 'node:path';

const RULES_PACKAGE = '@upright/ranking-rules';
const RULES_ENTRY = path.resolve(__dirname, '../../ranking-rules/src/index.ts');

/**
 * The files the web bundle runs from the contracts: web.ts and what it imports for values
 * (`import type` and `export type` are erased), followed through relative paths.
 */
function valueImportsFrom(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const statements = source.match(/^(?:import|export)\s(?!type\b)[^;]*?from\s+'([^']+)'/gms) ?? [];
  for (const statement of statements) {
    const specifier = /from\s+'([^']+)'/.exec(statement)![1];
    if (specifier.startsWith('.')) {
      const target = path.resolve(path.dirname(file), specifier);
      const candidates = [`${target}.ts`, path.join(target, 'index.ts')];
      const found = candidates.find((candidate) => {
        try {
          readFileSync(candidate);
          return true;
        } catch {
          return false;
        }
      });
      if (found) valueImportsFrom(found, seen);
    } else if (specifier === RULES_PACKAGE) {
      // The ranking rules are the contracts' own (decision 0078): followed like a relative path.
      valueImportsFrom(RULES_ENTRY, seen);
    } else {
      seen.add(`package:${specifier}`);
    }
  }
  return seen;
}

describe('the web entry of the contracts', () => {
  it('runs no package: the zod request schemas stay out of the first page (they added about 25 KB gzipped)', () => {
    const reached = valueImportsFrom(path.join(__dirname, 'web.ts'));
    expect([...reached].filter((entry) => entry.startsWith('package:'))).toEqual([]);
  });
});
