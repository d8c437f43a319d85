export * from './rankings';
export * from './accounts';
export * from './search';
export * from './reports';
