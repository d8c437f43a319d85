/**
 * The contracts' zod-free entry, for the web bundle (Vite and TypeScript map `@upright/contracts`
 * here). The main index also carries the zod request schemas (dto/*.schemas.ts, data-set),
 * which would add ≈15 KB gzipped to the first page. Types come from the whole package: they are
 * erased at build time.
 */
export type * from './index';
export * from './issues';
export * from './errors';
export * from './idempotency';
export * from './details';
export * from './links';
export * from './session-hint';
export * from './analytics';
export * from './markdown';
export * from './dto/accounts';
export * from './dto/membership-age';
export * from './dto/rankings';
export * from './dto/history';
export * from './dto/corrections';
export * from './dto/data-desk';
export * from './dto/reports';
export * from './dto/search';
export * from './ranking';
