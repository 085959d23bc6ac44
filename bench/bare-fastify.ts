/**
 * A bare Fastify answering one path with fixed bytes and headers: the yardstick `bench/table.ts`
 * holds the server's kept reads against, as it does nginx. Same framework, same runtime, nothing
 * of ours in between, so the ratio travels from one machine to another far better than the one
 * to nginx. Run as a child process, with as many processes as the server it is compared with.
 *
 *   node bench/bare-fastify.ts PORT PROCESSES PATH BODY_FILE HEADERS_JSON_FILE
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, processes, path, bodyFile, headersFile] = process.argv.slice(2);
const workers = Number(processes ?? 1);

if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
} else {
  const body = readFileSync(bodyFile ?? '');
  const headers = JSON.parse(readFileSync(headersFile ?? '', 'utf8')) as Record<string, string>;
  const app = Fastify({ logger: false });
  app.get(path ?? '/', (_request, reply) => {
    reply.headers(headers);
    return reply.send(body);
  });
  await app.listen({ port: Number(port), host: '127.0.0.1' });
  process.send?.('listening');
}
