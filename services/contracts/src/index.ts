export * from './services';
export * from './issues';
export * from './errors';
export * from './patterns';
export * from './events';
export * from './queues';
export * from './details';
export * from './dto';
