export * from './common';
export * from './documents';
export * from './patient';
export * from './reference';
export * from './runtime-config';
export * from './signing';
export * from './studies';
export * from './user';
