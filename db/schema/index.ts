export * from './users';
export * from './settings';
export * from './catalog';
export * from './commerce';
export * from './appointments';
export * from './chat';
export * from './staffing';
export * from './mail';
