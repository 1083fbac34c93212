export * from './dates';
export * from './contact';
export * from './numbers';
export * from './notify';
