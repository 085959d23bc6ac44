import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  raw: Buffer;
  url: string;
}

/**
 * A real HTTP receiver on 127.0.0.1 and a free port, keeping every request it gets. `answers`
 * are the statuses it gives in turn; after the last, it keeps giving the last one.
 */
export async function startReceiver(answers: number[] = [200]) {
  const received: Received[] = [];
  const queue = [...answers];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        raw: Buffer.concat(chunks),
        url: request.url ?? '',
      });
      const status = queue.length > 1 ? queue.shift()! : (queue[0] ?? 200);
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    /** Changes what the next requests are answered. */
    answer(statuses: number[]) {
      queue.splice(0, queue.length, ...statuses);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
