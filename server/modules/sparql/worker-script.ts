/**
 * The script a SPARQL worker thread runs. From source (tests, `npm run dev`) the thread needs the
 * TypeScript loader registered first (`boot.js`); the compiled server (`npm start`) has the
 * worker compiled beside it.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
export const WORKER = FROM_SOURCE
  ? new URL('./boot.js', import.meta.url)
  : new URL('./sparql-worker.js', import.meta.url);
export const WORKER_ENTRY = new URL('./worker.ts', import.meta.url).href;
