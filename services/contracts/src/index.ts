export * from './services';
export * from './issues';
export * from './errors';
export * from './patterns';
export * from './events';
export * from './queues';
export * from './details';
export * from './dto';
export * from './links';
export * from './markdown';
/** Row rules of the data set file shared by the importing services (zod schemas). */
export * as ImportRows from './import-rows';
export * from './public-data';
export * from './ranking';
export * from './transport-policy';
