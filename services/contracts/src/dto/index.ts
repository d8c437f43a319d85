export * from './rankings';
