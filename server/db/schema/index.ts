export * from './users';
export * from './sessions';
export * from './account-tokens';
export * from './abuse';
export * from './organizations';
export * from './profiles';
export * from './components';
export * from './locks';
