export * from './rankings';
export * from './accounts';
