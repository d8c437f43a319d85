export * from './fields';
export * from './reports';
export * from './file';
