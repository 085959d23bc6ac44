/**
 * The embedded database's own thread: opens PGlite and runs what the server thread asks (see
 * `pglite-thread.ts` and `pglite-protocol.ts`). PGlite's work is synchronous WebAssembly; here
 * it holds this thread, never the one answering requests.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parentPort, workerData } from 'node:worker_threads';
import { releaseStartUpMemory } from '../release-memory';
import {
  toCrossingError,
  type CrossingQueryOptions,
  type ThreadOpenOptions,
  type ThreadReply,
  type ThreadRequest,
} from './pglite-protocol';
import { isSharedText, readSharedText } from './shared-text';

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');

const send = (reply: ThreadReply) => port.postMessage(reply);

const open = workerData as { options: ThreadOpenOptions };
const { dataDir, loadDataDir, startParams } = open.options;

/** The same as the drizzle driver's parsers: these types' text is kept as it is. */
function queryOptions(options: CrossingQueryOptions) {
  const keep = (value: string) => value;
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options.rawTypes
      ? { parsers: Object.fromEntries(options.rawTypes.map((type) => [type, keep])) }
      : {}),
  };
}

class RolledBack extends Error {}

async function main() {
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: dataDir ?? 'memory://',
      ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
      extensions: { pg_trgm },
      startParams: startParams ?? PGlite.defaultStartParams,
    });
  } catch (error) {
    send({ failed: toCrossingError(error) });
    return;
  }

  const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
  const listening = new Map<string, () => Promise<void>>();
  let nextTx = 1;

  const runner = (tx?: number) => {
    if (tx === undefined) return client;
    const open = transactions.get(tx);
    if (!open) throw new Error(`transaction ${tx} is not open`);
    return open.tx;
  };

  async function handle(request: ThreadRequest): Promise<void> {
    const reply = (value?: unknown) => send({ id: request.id, ok: true, value });
    switch (request.type) {
      case 'query':
        return reply(
          await runner(request.tx).query(
            request.sql,
            request.params,
            queryOptions(request.options),
          ),
        );
      case 'exec':
        return reply(await runner(request.tx).exec(request.sql));
      case 'begin': {
        const id = nextTx++;
        let begun = false;
        // Ends when `end` comes; PGlite holds every statement outside it until then.
        const done = client.transaction(async (tx) => {
          const ended = new Promise<boolean>((resolve) => {
            transactions.set(id, { tx, end: resolve });
          });
          begun = true;
          send({ id: request.id, ok: true, tx: id });
          if (!(await ended)) throw new RolledBack();
        });
        try {
          await done;
        } catch (error) {
          if (!begun) throw error;
          const settle = ending.get(id);
          ending.delete(id);
          transactions.delete(id);
          if (!settle) return;
          if (error instanceof RolledBack) settle.resolve();
          else settle.reject(error);
          return;
        }
        const settle = ending.get(id);
        ending.delete(id);
        transactions.delete(id);
        settle?.resolve();
        return;
      }
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error(`transaction ${request.tx} is not open`);
        await new Promise<void>((resolve, reject) => {
          ending.set(request.tx, { resolve, reject });
          open.end(request.commit);
        });
        return reply();
      }
      case 'listen': {
        const channel = request.channel;
        if (!listening.has(channel)) {
          const stop = await client.listen(channel, (payload) =>
            send({ notify: channel, payload }),
          );
          listening.set(channel, stop);
        }
        return reply();
      }
      case 'unlisten': {
        const stop = listening.get(request.channel);
        listening.delete(request.channel);
        await stop?.();
        return reply();
      }
      case 'dump': {
        const dump = await client.dumpDataDir('none');
        return reply(new Uint8Array(await dump.arrayBuffer()));
      }
      case 'collect':
        // A worker has a heap of its own: the collection the server runs after start-up does
        // not reach the initdb instance PGlite dropped here.
        releaseStartUpMemory();
        return reply();
      case 'close':
        await client.close();
        reply();
        port!.close();
        return;
    }
  }

  /** The `end` request waiting for its transaction to finish, by transaction. */
  const ending = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();

  port!.on('message', (request: ThreadRequest) => {
    // Long texts are read at once, as they arrive: the buffers they came in may be lent to
    // another statement as soon as this one is answered.
    if (request.type === 'query' && request.params.some(isSharedText))
      request.params = request.params.map((p) => (isSharedText(p) ? readSharedText(p) : p));
    handle(request).catch((error: unknown) =>
      send({ id: request.id, ok: false, error: toCrossingError(error) }),
    );
  });
  send({ ready: true });
}

void main();
