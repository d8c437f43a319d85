export * from './fields';
export * from './reports';
