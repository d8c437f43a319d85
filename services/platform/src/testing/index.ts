export * from './test-stack';
export * from './polling';
export * from './local-resources';
