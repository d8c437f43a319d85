/**
 * altcha-lib, loaded once for the BFF and its tests. The package ships CommonJS builds, but its
 * type declarations are ES modules, which TypeScript (module node16) refuses to `import` from
 * CommonJS; require() loads the CommonJS build and the types come from the declarations.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
type AltchaLib = typeof import('altcha-lib', { with: { 'resolution-mode': 'import' } });
type ShaAlgorithm = typeof import('altcha-lib/algorithms/sha', {
  with: { 'resolution-mode': 'import' },
});

export const { createChallenge, randomInt, solveChallenge, verifySolution } =
  require('altcha-lib') as AltchaLib;
/** SHA-256 proof of work (the challenges' algorithm). */
export const { deriveKey } = require('altcha-lib/algorithms/sha') as ShaAlgorithm;
/* eslint-enable @typescript-eslint/no-require-imports */

export type { Challenge, Payload } from 'altcha-lib' with { 'resolution-mode': 'import' };
