// `npm start`: builds the PWA when its sources changed, then starts the API and app server.
import { register } from 'tsx/esm/api';
import { buildClientIfStale, root } from './lib/build.mjs';

buildClientIfStale();
process.chdir(root);
register();
await import('../server/main.ts');
