import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: children run from here, as `npm start` does. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
