import materials from './materials';
import sales from './sales';
import production from './production';
import estimation from './estimation';
import purchase from './purchase';
import stock from './stock';
import accounts from './accounts';
import communication from './communication';

/** Every business entity: its table and its domain read schema, by table name. */
export const ENTITIES = {
  ...materials,
  ...sales,
  ...production,
  ...estimation,
  ...purchase,
  ...stock,
  ...accounts,
  ...communication,
};
export type EntityName = keyof typeof ENTITIES;
export { entity, type Entity } from './types';
