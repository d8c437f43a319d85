export * from './services';
export * from './issues';
export * from './errors';
export * from './idempotency';
export * from './idempotency.schemas';
export * from './patterns';
export * from './events';
export * from './queues';
export * from './details';
export * from './dto';
export * from './links';
export * from './session-hint';
export * from './analytics';
export * from './markdown';
/** The data set file's format (zod schemas and row types): importers and the generator share it. */
export * as DataSet from './data-set';
export * from './public-data';
export * from './ranking';
export * from './transport-policy';
