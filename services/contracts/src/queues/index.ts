export * from './names';
export * from './job-schemas';
export * from './mail';
export * from './member-deletion';
export * from './rank-alerts';
export * from './search-index';
export * from './search-analytics-retention';
