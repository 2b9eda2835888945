export * from './consents';
export * from './identity';
export * from './people';
