import type { LightMyRequestResponse } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import type { BuiltApp } from '../app';
import type { KeyedGroup } from './api-keys';
import { callsOf } from './authoring';
import { eventually } from './jobs';

/**
 * What a model test of published versions needs around the app: calls that never accept a
 * server error, fresh search words, and every public view of one published version read in a
 * form that can be compared with a later read.
 */

export type Json = Record<string, unknown>;
export type Kind = 'concept' | 'template' | 'pattern';
export const KINDS: Kind[] = ['concept', 'template', 'pattern'];

/** Refuses any answer of 500 or more, naming the call: a command may be refused, never crash. */
export function sane(response: LightMyRequestResponse, call: string): LightMyRequestResponse {
  expect(response.statusCode, `${call}: ${response.body}`).toBeLessThan(500);
  return response;
}

/** A signed-in person's (or anonymous) calls to `/app`, each checked by `sane`. */
export function siteCalls(app: BuiltApp, cookie?: string) {
  const calls = callsOf(app, cookie);
  return {
    get: async (url: string) => sane(await calls.get(url), `GET ${url}`),
    post: async (url: string, body?: unknown, headers?: Record<string, string>) =>
      sane(await calls.post(url, body, headers), `POST ${url}`),
    put: async (url: string, body: unknown, headers?: Record<string, string>) =>
      sane(await calls.put(url, body, headers), `PUT ${url}`),
    delete: async (url: string, headers?: Record<string, string>) =>
      sane(await calls.delete(url, headers), `DELETE ${url}`),
  };
}
export type SiteCalls = ReturnType<typeof siteCalls>;

/** Site calls (a signed-in member, or anonymous) and public API calls, each checked by `sane`. */
export function worldCalls(app: BuiltApp, group: KeyedGroup) {
  const api = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { payload?: unknown; headers?: Record<string, string>; key?: string | null } = {},
  ) => {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? group.keys.readWrite : options.key;
    if (key !== null) headers['x-api-key'] = key;
    const response = await app.inject({
      method,
      url,
      headers,
      ...(options.payload === undefined ? {} : { payload: options.payload as Json }),
    });
    return sane(response, `${method} ${url}`);
  };
  return {
    member: siteCalls(app, group.cookie),
    anonymous: siteCalls(app),
    api,
    readKey: group.keys.readOnly,
  };
}
export type WorldCalls = ReturnType<typeof worldCalls>;

/**
 * Words for names and descriptions that nothing else on the server has: `zq` and six letters
 * from a counter, all of one length so that no word is the start of another.
 */
export function wordMaker() {
  let next = 0;
  return () => {
    let n = next++;
    let letters = '';
    for (let i = 0; i < 6; i++) {
      letters = String.fromCharCode(97 + (n % 26)) + letters;
      n = Math.floor(n / 26);
    }
    return `zq${letters}`;
  };
}

/**
 * A SPARQL graph answer in N-Triples, made comparable: blank node labels are the store's own
 * and may differ between reads, so each becomes `_:b`, and the lines are sorted.
 */
export function canonicalTriples(ntriples: string): string[] {
  return ntriples
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => line.replace(/_:[A-Za-z0-9_.-]+/g, '_:b'))
    .sort();
}

/** The named graph of a version, as sorted N-Triples. */
export async function namedGraph(
  app: BuiltApp,
  calls: WorldCalls,
  versionIri: string,
): Promise<string[]> {
  await app.services.sparql.settled();
  const answer = await calls.api('POST', '/api/sparql', {
    key: calls.readKey,
    headers: { 'content-type': 'application/sparql-query', accept: 'application/n-triples' },
    payload: `CONSTRUCT { ?s ?p ?o } WHERE { GRAPH <${versionIri}> { ?s ?p ?o } }`,
  });
  expect(answer.statusCode, `the named graph of ${versionIri}: ${answer.body}`).toBe(200);
  return canonicalTriples(answer.body);
}

/** An item a published version defines, as its list showed it when it was published. */
export interface OwnItem {
  uuid: string;
  iri: string;
  kind: Kind;
  name: string;
  description: string;
  /** Deprecated in the version itself (its document says so). */
  deprecated: boolean;
  /** `/api/iri/{IRI}` as JSON-LD, when the version was published. */
  iriAnswer: Json;
}

/** What one published version showed when it was published. */
export interface Capture {
  profileUuid: string;
  versionId: string;
  versionIri: string;
  /** Every view read in the version, by what it is, e.g. `list concepts` or `page {uuid}`. */
  views: Record<string, unknown>;
  own: OwnItem[];
}

const ROWS: Record<Kind, string> = {
  concept: 'concepts',
  template: 'templates',
  pattern: 'patterns',
};

interface Row {
  uuid: string;
  iri: string;
  name: string;
  description: string;
  linked: boolean;
  status: string;
}

const okJson = (response: LightMyRequestResponse, what: string): Json => {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(200);
  return response.json<Json>();
};

/**
 * Everything a version shows anyone, read in a comparable form: its document as JSON-LD and as
 * Turtle, its item lists and each item's page in the version (anonymous), and its named graph.
 */
export async function readVersionViews(
  app: BuiltApp,
  calls: WorldCalls,
  profileUuid: string,
  versionId: string,
  versionIri: string,
): Promise<{ views: Record<string, unknown>; rows: Array<Row & { kind: Kind }> }> {
  const views: Record<string, unknown> = {};
  const document = (accept: string) =>
    calls.api('GET', `/api/profile/${versionId}`, { key: null, headers: { accept } });
  const jsonld = await document('application/ld+json');
  expect(jsonld.statusCode, jsonld.body).toBe(200);
  views['document as JSON-LD'] = jsonld.body;
  const turtle = await document('text/turtle');
  expect(turtle.statusCode, turtle.body).toBe(200);
  views['document as Turtle'] = turtle.body;
  const rows: Array<Row & { kind: Kind }> = [];
  for (const kind of KINDS) {
    const base = `/app/profile/${profileUuid}/version/${versionId}/${ROWS[kind]}`;
    const list = okJson(await calls.anonymous.get(`${base}?page=1&limit=100`), `${kind} list`);
    views[`list of ${ROWS[kind]}`] = list;
    for (const row of list[ROWS[kind]] as Row[]) {
      rows.push({ ...row, kind });
      views[`page of ${kind} ${row.iri}`] = okJson(
        await calls.anonymous.get(`${base}/${row.uuid}`),
        `${kind} page ${row.iri}`,
      );
    }
  }
  views['named graph'] = await namedGraph(app, calls, versionIri);
  return { views, rows };
}

/** `/api/iri/{IRI}` as JSON-LD, parsed. */
export async function iriAnswer(calls: WorldCalls, iri: string): Promise<Json> {
  const answer = await calls.api('GET', `/api/iri/${encodeURIComponent(iri)}`, {
    key: null,
    headers: { accept: 'application/ld+json' },
  });
  return okJson(answer, `/api/iri/ ${iri}`);
}

/** Reads a version just published: its views and its own items' public answers. */
export async function captureVersion(
  app: BuiltApp,
  calls: WorldCalls,
  profileUuid: string,
  versionId: string,
): Promise<Capture> {
  const view = okJson(
    await calls.anonymous.get(`/app/profile/${profileUuid}/version/${versionId}`),
    'version',
  );
  const versionIri = (view.version as { iri: string }).iri;
  // The store hears of the publication after it commits: wait until the graph is there.
  await eventually(
    `the named graph of ${versionIri}`,
    async () => (await namedGraph(app, calls, versionIri)).length > 0,
    10_000,
  );
  const { views, rows } = await readVersionViews(app, calls, profileUuid, versionId, versionIri);
  const own: OwnItem[] = [];
  for (const row of rows.filter((r) => !r.linked)) {
    own.push({
      uuid: row.uuid,
      iri: row.iri,
      kind: row.kind,
      name: row.name,
      description: row.description,
      deprecated: row.status === 'Deprecated',
      iriAnswer: await iriAnswer(calls, row.iri),
    });
  }
  return { profileUuid, versionId, versionIri, views, own };
}

/** What a client reads after undoing an answer's content coding. */
export function decodedBody(response: LightMyRequestResponse): string {
  const coding = response.headers['content-encoding'];
  const bytes =
    coding === 'gzip'
      ? gunzipSync(response.rawPayload)
      : coding === 'br'
        ? brotliDecompressSync(response.rawPayload)
        : response.rawPayload;
  return bytes.toString('utf8');
}

/**
 * A published version's document as every caller reads it (anonymous, and each key given) in
 * every coding a client may accept, decoded, by what was asked: each must be the same bytes.
 */
export async function documentRepresentations(
  calls: WorldCalls,
  versionId: string,
  keys: Record<string, string>,
): Promise<Array<{ what: string; accept: 'json-ld' | 'turtle'; body: string }>> {
  const read: Array<{ what: string; accept: 'json-ld' | 'turtle'; body: string }> = [];
  const callers: Array<[string, string | null]> = [['anonymous', null], ...Object.entries(keys)];
  for (const [caller, key] of callers)
    for (const [accept, type] of [
      ['json-ld', 'application/ld+json'],
      ['turtle', 'text/turtle'],
    ] as const)
      for (const coding of ['identity', 'gzip', 'br', 'gzip, deflate, br']) {
        const answer = await calls.api('GET', `/api/profile/${versionId}`, {
          key,
          headers: { accept: type, 'accept-encoding': coding },
        });
        const what = `${accept} as ${caller} accepting ${coding}`;
        expect(answer.statusCode, `${what}: ${answer.body}`).toBe(200);
        read.push({ what, accept, body: decodedBody(answer) });
      }
  return read;
}
