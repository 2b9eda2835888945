export * from './common';
export * from './patient';
export * from './reference';
export * from './runtime-config';
export * from './user';
