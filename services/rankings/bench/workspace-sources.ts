/**
 * Lets `npx tsx` run this bench before the workspace packages are built: when `@upright/contracts`
 * does not resolve (its package.json points at dist/, which only exists after a build), it is
 * loaded from services/contracts/src instead, as jest's moduleNameMapper does. Import this module
 * before anything that imports `@upright/contracts`. Bench-only; CommonJS resolution only.
 */
import Module from 'node:module';
import path from 'node:path';

type Resolve = (request: string, ...rest: unknown[]) => string;

const CONTRACTS = '@upright/contracts';
const CONTRACTS_SOURCE = path.resolve(__dirname, '../../contracts/src/index.ts');

const loader = Module as unknown as { _resolveFilename: Resolve };
const resolve = loader._resolveFilename;

loader._resolveFilename = function resolveWithSourceFallback(
  this: unknown,
  request: string,
  ...rest: unknown[]
): string {
  if (request !== CONTRACTS) return resolve.call(this, request, ...rest);
  try {
    return resolve.call(this, request, ...rest);
  } catch {
    return resolve.call(this, CONTRACTS_SOURCE, ...rest);
  }
};
