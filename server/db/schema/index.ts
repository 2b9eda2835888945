export * from './consents';
export * from './dossier';
export * from './guests';
export * from './identity';
export * from './people';
export * from './requests';
export * from './signing';
export * from './uploads';
