/**
 * The outbox operations of every area (issue 4: areas declare theirs and get offline writes).
 * Importing this registers them all; the replayer imports it so the service worker knows them.
 * An area adds one line here for its own file.
 */
export * from './materials';
export * from './customers';
export * from './vendors';
export * from './requisitions';
export * from './stock';
export * from './delivery-notes';
export * from './job-orders';
export * from './job-order-expenses';
export * from './leads';
export * from './quotations';
export * from './gras';
export * from './estimation-materials';
export * from './estimations';
export * from './estimation-products';
export * from './messages';
