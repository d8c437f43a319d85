export * from './test-stack';
export * from './polling';
export * from './local-resources';
export * from './remote-errors';
