/** Every table, one file per business area; drizzle-kit and the services read them from here. */
export * from './platform';
export * from './materials';
export * from './sales';
export * from './estimation';
export * from './production';
export * from './purchase';
export * from './stock';
export * from './accounts';
export * from './communication';
export * from './files';
export * from './mail';
export * from './company';
export * from './credit-notes';
