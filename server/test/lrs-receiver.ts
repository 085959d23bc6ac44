import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server holding the xAPI Statements resource as far as a client that only sends
 * needs it (xAPI 1.0.3 part three §2.1.2 and §7; IEEE 9274.1.1 the same): `POST {base}/statements`
 * with Basic credentials, `X-Experience-API-Version` and a JSON statement or array of them;
 * 200 with the ids in order, 400 for a missing version header, a body that is not statements,
 * or an id given twice in one batch, 401 for wrong credentials, 409 for an id already stored
 * with other content. It can be told to answer the next requests with a status of choice.
 */
export interface LrsReceiver {
  /** The xAPI endpoint, `http://127.0.0.1:port/xapi/`. */
  endpoint: string;
  /** Statements stored, in the order they came. */
  statements: Record<string, unknown>[];
  /** Every request as it came: its headers and how many statements it carried. */
  requests: { headers: http.IncomingHttpHeaders; count: number; status: number }[];
  /** The next `times` POSTs are answered `status` (with `Retry-After` if given). */
  failNext(status: number, times: number, retryAfter?: string): void;
  close(): Promise<void>;
}

const VERSION = /^(1\.0(\.\d+)?|2\.0\.\d+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export async function startLrsReceiver(credentials: {
  username: string;
  password: string;
}): Promise<LrsReceiver> {
  const statements: Record<string, unknown>[] = [];
  const byId = new Map<string, string>();
  const requests: LrsReceiver['requests'] = [];
  let failures: { status: number; times: number; retryAfter?: string } | null = null;
  const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        requests.push({
          headers: request.headers,
          count: Array.isArray(parsed) ? parsed.length : parsed ? 1 : 0,
          status,
        });
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      };
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        parsed = null;
      }
      if (request.method !== 'POST' || request.url !== '/xapi/statements')
        return answer(404, { message: `No resource ${request.method} ${request.url}` });
      if (failures && failures.times > 0) {
        failures.times -= 1;
        return answer(
          failures.status,
          { message: 'Told to fail.' },
          failures.retryAfter ? { 'retry-after': failures.retryAfter } : {},
        );
      }
      const version = request.headers['x-experience-api-version'];
      if (typeof version !== 'string' || !VERSION.test(version))
        return answer(400, { message: 'X-Experience-API-Version is missing or not a version.' });
      if (request.headers.authorization !== expected)
        return answer(401, { message: 'Unknown credentials.' });
      if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
        return answer(400, { message: 'Statements are sent as application/json.' });
      const batch = Array.isArray(parsed) ? parsed : [parsed];
      const ids: string[] = [];
      const seen = new Set<string>();
      for (const statement of batch) {
        if (
          typeof statement !== 'object' ||
          statement === null ||
          !('actor' in statement) ||
          !('verb' in statement) ||
          !('object' in statement)
        )
          return answer(400, { message: 'Every statement needs an actor, a verb and an object.' });
        const id = (statement as { id?: unknown }).id;
        if (id !== undefined && (typeof id !== 'string' || !UUID.test(id)))
          return answer(400, { message: `Statement id ${JSON.stringify(id)} is not a UUID.` });
        if (typeof id === 'string') {
          if (seen.has(id)) return answer(400, { message: `Statement id ${id} is given twice.` });
          seen.add(id);
          const stored = byId.get(id);
          if (stored !== undefined && stored !== JSON.stringify(statement))
            return answer(409, { message: `Statement ${id} is stored with other content.` });
        }
      }
      for (const statement of batch as Record<string, unknown>[]) {
        const id = (statement.id as string | undefined) ?? randomUUID();
        if (!byId.has(id)) {
          byId.set(id, JSON.stringify(statement));
          statements.push({ ...statement, id });
        }
        ids.push(id);
      }
      return answer(200, ids);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/xapi/`,
    statements,
    requests,
    failNext(status, times, retryAfter) {
      failures = { status, times, ...(retryAfter !== undefined ? { retryAfter } : {}) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
