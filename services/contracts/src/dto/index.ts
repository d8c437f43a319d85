export * from './rankings';
export * from './accounts';
export * from './accounts.schemas';
export * from './search';
export * from './reports';
export * from './history';
export * from './follows';
