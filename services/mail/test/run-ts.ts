import { resolve } from 'node:path';

/** `node` options that load TypeScript sources of this repository (see fixtures/register-ts.cjs). */
export const TS_NODE_OPTIONS = ['--require', resolve(__dirname, 'fixtures/register-ts.cjs')];

export const repoPath = (relative: string): string => resolve(__dirname, '../../..', relative);

/** `node` arguments that run a TypeScript entry point from its sources. */
export const tsEntry = (relative: string): string[] => [...TS_NODE_OPTIONS, repoPath(relative)];
