export * from './consents';
export * from './dossier';
export * from './identity';
export * from './people';
export * from './signing';
