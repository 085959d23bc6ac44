import { Worker } from 'node:worker_threads';
import { WORKER_STACK_MB } from './protocol';

/**
 * The script a SPARQL worker thread runs. From source (tests, `npm run dev`) the thread needs the
 * TypeScript loader registered first (`boot.js`); the compiled server (`npm start`) has the
 * worker compiled beside it.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER = FROM_SOURCE
  ? new URL('./boot.js', import.meta.url)
  : new URL('./sparql-worker.js', import.meta.url);
const WORKER_ENTRY = new URL('./worker.ts', import.meta.url).href;

/**
 * A fresh SPARQL worker thread (the store's, or the converter's), with the stack oxigraph needs
 * and, when given, a bound on its heap. Not kept alive by the process: its owner ends it.
 */
export function startSparqlThread(heapMb?: number): Worker {
  const worker = new Worker(WORKER, {
    workerData: { entry: WORKER_ENTRY },
    resourceLimits: {
      stackSizeMb: WORKER_STACK_MB,
      ...(heapMb ? { maxOldGenerationSizeMb: heapMb } : {}),
    },
  });
  worker.unref();
  return worker;
}
