import { beforeAll, describe, expect, it } from 'vitest';
import { SPARQL_LIMITS } from '../../../common/limits';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { eventually } from '../../test/jobs';
import {
  ApiClient,
  expectError,
  nextVersion,
  profileUuidOf,
  uniqueProfile,
  type TestDocument,
} from '../../test/public-api';

const PREFIXES = `PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX xapi: <https://w3id.org/xapi/ontology#>
PREFIX profile: <https://w3id.org/xapi/profiles/ontology#>
`;

type Binding = { type: string; value: string; datatype?: string; 'xml:lang'?: string };
type Row = Record<string, Binding>;

/** The SPARQL store follows announced changes; a change is visible within this bound. */
const BOUND_MS = 10_000;

describe('SPARQL endpoint', () => {
  // The time budget is long enough for the size limit to be reached first on a busy machine
  // (at 1 s a loaded CI host ran out of time before it had 3,000 rows), and short enough that
  // the runaway query below is stopped quickly.
  const t = useTestApp({ SPARQL_TIMEOUT_SECONDS: '4', SPARQL_MAX_RESULT_MB: '0.05' });
  let group: KeyedGroup;
  let document: TestDocument;
  let draftBase: string;
  const api = () => new ApiClient(t.app);

  const sparql = (query: string, key = group.keys.readOnly, type = 'text/plain') =>
    t.app.inject({
      method: 'POST',
      url: '/api/sparql',
      headers: { 'x-api-key': key, 'content-type': type },
      payload: query,
    });
  const rows = async (query: string): Promise<Row[]> => {
    const response = await sparql(query);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ success: boolean; results: Row[] }>();
    expect(body.success).toBe(true);
    return body.results;
  };
  const values = async (query: string, name: string) =>
    (await rows(query)).map((row) => row[name]?.value).sort();

  beforeAll(async () => {
    group = await makeKeyedGroup(t.app, 'Sparql');
    document = uniqueProfile();
    await api().import(group.keys.readWrite, document.doc);
    const second = nextVersion(document, 3);
    second.doc.prefLabel = { en: 'Sports, second edition' };
    await api().import(group.keys.readWrite, second.doc);
    const draft = uniqueProfile();
    draftBase = draft.base;
    await api().import(group.keys.readWrite, draft.doc, { published: false });
    await t.app.services.sparql.settled();
  });

  it('answers a text query with a list of bindings, each with type and value', async () => {
    const results = await rows(
      `${PREFIXES} SELECT ?label WHERE { <${document.base}> skos:prefLabel ?label FILTER(lang(?label) = "en") }`,
    );
    expect(results).toEqual([
      { label: { type: 'literal', value: 'Sports, second edition', 'xml:lang': 'en' } },
    ]);
  });

  it('keeps every version in a named graph; the default graph has only the current one', async () => {
    const v2 = `${document.base}/v2`;
    const v3 = `${document.base}/v3`;
    expect(
      await values(
        `${PREFIXES} SELECT ?label WHERE { GRAPH <${v2}> { <${document.base}> skos:prefLabel ?label FILTER(lang(?label) = "en") } }`,
        'label',
      ),
    ).toEqual(['Sports']);
    expect(
      await values(
        `${PREFIXES} SELECT ?label FROM <${v3}> WHERE { <${document.base}> skos:prefLabel ?label FILTER(lang(?label) = "en") }`,
        'label',
      ),
    ).toEqual(['Sports, second edition']);
    expect(
      await values(`SELECT DISTINCT ?g WHERE { GRAPH ?g { <${document.base}> ?p ?o } }`, 'g'),
    ).toEqual([v2, v3]);
  });

  it('infers skos:inScheme from the profile lists and narrower from broader', async () => {
    const base = document.base;
    expect(
      await values(
        `${PREFIXES} SELECT ?t WHERE { ?t a profile:StatementTemplate ; skos:inScheme <${base}> }`,
        't',
      ),
    ).toEqual([`${base}/templates/confirmed`, `${base}/templates/placed`]);
    expect(
      await values(`${PREFIXES} SELECT ?c WHERE { <${base}/verbs/placed> skos:narrower ?c }`, 'c'),
    ).toEqual([`${base}/verbs/won`]);
  });

  it('never holds drafts', async () => {
    expect(await rows(`SELECT ?p WHERE { GRAPH ?g { <${draftBase}> ?p ?o } } LIMIT 1`)).toEqual([]);
  });

  it('answers ASK and CONSTRUCT as bindings too', async () => {
    expect(await rows(`ASK { <${document.base}> ?p ?o }`)).toEqual([
      {
        boolean: {
          type: 'literal',
          value: 'true',
          datatype: 'http://www.w3.org/2001/XMLSchema#boolean',
        },
      },
    ]);
    const statements = await rows(
      `${PREFIXES} CONSTRUCT { <${document.base}> skos:prefLabel ?l } WHERE { <${document.base}> skos:prefLabel ?l FILTER(lang(?l) = "en") }`,
    );
    expect(statements).toEqual([
      {
        subject: { type: 'uri', value: document.base },
        predicate: { type: 'uri', value: 'http://www.w3.org/2004/02/skos/core#prefLabel' },
        object: { type: 'literal', value: 'Sports, second edition', 'xml:lang': 'en' },
      },
    ]);
  });

  describe('SPARQL 1.1 Protocol', () => {
    const select = `SELECT ?p WHERE { <${'urn:x'}> ?p ?o }`;
    const ofProfile = () =>
      `${PREFIXES} SELECT ?label WHERE { <${document.base}> skos:prefLabel ?label FILTER(lang(?label) = "en") }`;

    it('takes GET ?query=, application/sparql-query and form bodies', async () => {
      const get = await t.app.inject({
        method: 'GET',
        url: `/api/sparql?query=${encodeURIComponent(ofProfile())}`,
        headers: { 'x-api-key': group.keys.readOnly },
      });
      expect(get.statusCode, get.body).toBe(200);
      expect(get.headers['content-type']).toMatch(/^application\/sparql-results\+json/);
      expect(get.headers.vary).toMatch(/Accept/);
      const json = get.json<{ results: { bindings: Row[] } }>();
      expect(json.results.bindings[0]?.label?.value).toBe('Sports, second edition');

      const direct = await sparql(ofProfile(), group.keys.readOnly, 'application/sparql-query');
      expect(direct.statusCode, direct.body).toBe(200);
      expect(direct.json()).toEqual(get.json());

      const form = await sparql(
        new URLSearchParams({ query: ofProfile() }).toString(),
        group.keys.readOnly,
        'application/x-www-form-urlencoded',
      );
      expect(form.statusCode, form.body).toBe(200);
      expect(form.json()).toEqual(get.json());
    });

    it('answers XML, CSV and TSV for SELECT by Accept, Turtle, N-Triples and JSON-LD for CONSTRUCT', async () => {
      const ask = (query: string, accept: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/sparql?query=${encodeURIComponent(query)}`,
          headers: { 'x-api-key': group.keys.readOnly, accept },
        });
      const xml = await ask(ofProfile(), 'application/sparql-results+xml');
      expect(xml.headers['content-type']).toMatch(/^application\/sparql-results\+xml/);
      expect(xml.body).toContain('Sports, second edition');
      const csv = await ask(ofProfile(), 'text/csv');
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.body.split(/\r?\n/)[0]).toBe('label');
      const tsv = await ask(ofProfile(), 'text/tab-separated-values');
      expect(tsv.body).toContain('"Sports, second edition"@en');

      const construct = `${PREFIXES} CONSTRUCT { <${document.base}> skos:prefLabel ?l } WHERE { <${document.base}> skos:prefLabel ?l }`;
      const turtle = await ask(construct, 'text/turtle');
      expect(turtle.headers['content-type']).toMatch(/^text\/turtle/);
      expect(turtle.body).toContain('"Sports, second edition"@en');
      const ntriples = await ask(construct, 'application/n-triples');
      expect(ntriples.headers['content-type']).toMatch(/^application\/n-triples/);
      expect(ntriples.body).toContain(`<${document.base}>`);
      const jsonld = await ask(construct, 'application/ld+json');
      expect(jsonld.headers['content-type']).toMatch(/^application\/ld\+json/);
      expect(JSON.stringify(jsonld.json())).toContain('Sports, second edition');

      expectError(await ask(select, 'text/turtle'), 406, 'NOT_ACCEPTABLE');
    });
  });

  it('documents GET and POST /api/sparql with their media types and errors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = response.json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: object }; responses: object }>
      >;
    }>().paths;
    const sparql = paths['/api/sparql'];
    expect(sparql?.get).toBeDefined();
    expect(Object.keys(sparql?.post?.requestBody?.content ?? {})).toEqual(
      expect.arrayContaining([
        'text/plain',
        'application/sparql-query',
        'application/x-www-form-urlencoded',
      ]),
    );
    expect(Object.keys(sparql?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '413', '429', '503']),
    );
    const { description } = response.json<{
      paths: Record<string, Record<string, { description: string }>>;
    }>().paths['/api/sparql']!.post!;
    for (const said of [
      'QUERY_TOO_DEEP',
      'QUERY_TOO_LARGE',
      'SPARQL_UNAVAILABLE',
      'RATE_LIMITED',
      'Retry-After',
      `${SPARQL_LIMITS.depthMax} levels`,
      `${SPARQL_LIMITS.tokensMax} terms`,
    ])
      expect(description).toContain(said);
  });

  describe('refusals and limits', () => {
    it('needs a key with read permission', async () => {
      const none = await t.app.inject({
        method: 'POST',
        url: '/api/sparql',
        headers: { 'content-type': 'text/plain' },
        payload: 'ASK {}',
      });
      expectError(none, 401, 'UNAUTHORIZED');
      expectError(await sparql('ASK {}', group.keys.writeOnly), 403, 'FORBIDDEN');
    });

    it('refuses updates and queries that do not parse', async () => {
      for (const update of [
        'INSERT DATA { <urn:a> <urn:b> <urn:c> }',
        `${PREFIXES} DELETE WHERE { ?s ?p ?o }`,
        'DROP ALL',
        'LOAD <https://example.org/data.ttl>',
      ]) {
        const body = expectError(await sparql(update), 400, 'QUERY_INVALID');
        expect(body.message).toMatch(/read-only/);
      }
      const broken = expectError(await sparql('SELECT ?x WHERE { ?x'), 400, 'QUERY_INVALID');
      expect(broken.message).toMatch(/not valid SPARQL/);
      expect(await rows(`ASK { <${document.base}> ?p ?o }`)).toHaveLength(1);
    });

    it('refuses a query nesting or holding more than the limits before the store sees it', async () => {
      // 2 KB of nested groups: enough to trap oxigraph, were it given them.
      const deep = `SELECT * WHERE ${'{'.repeat(1000)} ?s ?p ?o ${'}'.repeat(1000)}`;
      const tooDeep = expectError(await sparql(deep), 400, 'QUERY_TOO_DEEP');
      expect(tooDeep.message).toContain(String(SPARQL_LIMITS.depthMax));
      const nested = `SELECT * WHERE { ?s ?p ?o FILTER(${'!'.repeat(SPARQL_LIMITS.depthMax)}true) }`;
      expectError(await sparql(nested), 400, 'QUERY_TOO_DEEP');
      const long = `ASK { ?s ?p ?o FILTER(${Array(SPARQL_LIMITS.tokensMax).fill('1').join(' + ')} > 0) }`;
      const tooLarge = expectError(await sparql(long), 400, 'QUERY_TOO_LARGE');
      expect(tooLarge.message).toMatch(/VALUES/);
      // A long list of terms in VALUES is not counted.
      const terms = Array.from({ length: 3 * SPARQL_LIMITS.tokensMax }, (_, i) => `<urn:x:${i}>`);
      expect(
        await rows(`SELECT ?x WHERE { VALUES ?x { ${terms.join(' ')} } } LIMIT 2`),
      ).toHaveLength(2);
      // The store was never troubled: it answers as before.
      expect(await rows(`ASK { <${document.base}> ?p ?o }`)).toHaveLength(1);
    });

    it('refuses an answer larger than the limit', async () => {
      const body = expectError(
        await sparql('SELECT * WHERE { ?a ?b ?c . ?d ?e ?f } LIMIT 3000'),
        413,
        'RESULT_TOO_LARGE',
      );
      expect(body.message).toMatch(/LIMIT/);
    });

    it('stops a runaway query, replaces its worker, and keeps serving other requests', async () => {
      const before = t.app.services.sparql.replacements;
      const explosive = t.app.inject({
        method: 'POST',
        url: '/api/sparql',
        headers: { 'x-api-key': group.keys.readOnly, 'content-type': 'text/plain' },
        payload:
          'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o }',
      });
      // While it runs, the rest of the server answers.
      const other = await api().get(`/api/profile?iri=${encodeURIComponent(document.base)}`);
      expect(other.statusCode).toBe(200);
      expectError(await explosive, 503, 'QUERY_TIMEOUT');
      expect(t.app.services.sparql.replacements).toBe(before + 1);
      // The fresh worker has every graph back.
      expect(
        await values(
          `${PREFIXES} SELECT ?label WHERE { GRAPH <${document.base}/v2> { <${document.base}> skos:prefLabel ?label FILTER(lang(?label) = "en") } }`,
          'label',
        ),
      ).toEqual(['Sports']);
    }, 30_000);
  });

  it('follows publication and deletion without a restart', async () => {
    const fresh = uniqueProfile();
    const ask = async () =>
      (await rows(`ASK { <${fresh.base}> ?p ?o }`))[0]?.boolean?.value === 'true';
    const { metadata } = await api().import(group.keys.readWrite, fresh.doc);
    await eventually('the new profile in SPARQL', ask, BOUND_MS);
    await t.app.services.profiles.deleteProfile(
      group.admin,
      profileUuidOf(metadata),
      metadata.name,
    );
    await eventually('the deleted profile gone from SPARQL', async () => !(await ask()), BOUND_MS);
  });
});
