// Worker threads start without the TypeScript loader the server runs under: register it, then
// load the worker itself.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
