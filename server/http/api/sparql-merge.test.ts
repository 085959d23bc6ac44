import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../xapi/index';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { eventually } from '../../test/jobs';
import {
  ApiClient,
  expectError,
  profileUuidOf,
  uniqueProfile,
  type ApiMetadata,
  type TestDocument,
} from '../../test/public-api';
import { ENDLESS_QUERY, postQuery, sparqlRows, sparqlValues } from '../../test/sparql';

/** The SPARQL store follows announced changes; a change is visible within this bound. */
const BOUND_MS = 10_000;

/**
 * The default graph is the RDF merge of the current versions: each document's blank nodes (an
 * author, a template's rules) are its own, however the store was filled — when it starts, as
 * profiles are published and deleted, and in a worker refilled after another was stopped. One
 * worker, so the refilled one is the one answering.
 */
describe('SPARQL default graph: blank nodes stay in their own document', () => {
  const t = useTestApp({ SPARQL_TIMEOUT_SECONDS: '1', SPARQL_WORKERS: '1' });
  let group: KeyedGroup;
  const api = () => new ApiClient(t.app);

  const profile = (author: string): TestDocument => {
    const document = uniqueProfile();
    document.doc.author = { type: 'Organization', name: author };
    return document;
  };
  const a = profile('Org A');
  const b = profile('Org B');
  const c = profile('Org C');
  let bMetadata: ApiMetadata;

  const values = (query: string, name: string) =>
    sparqlValues(t.app, group.keys.readOnly, query, name);
  const authorsOf = (document: TestDocument) =>
    values(
      `SELECT ?n WHERE { <${document.base}> <http://schema.org/author> ?a . ?a <http://schema.org/name> ?n }`,
      'n',
    );
  const ruleLocationsOf = (document: TestDocument) =>
    values(
      `PREFIX profile: <https://w3id.org/xapi/profiles/ontology#>
       SELECT ?l WHERE { <${document.base}/templates/placed> profile:rules ?r . ?r profile:location ?l }`,
      'l',
    );
  const locationsIn = (document: TestDocument) =>
    (((document.doc.templates as JsonObject[])[0]?.rules as JsonObject[]) ?? [])
      .map((rule) => rule.location as string)
      .sort();
  /** Blank nodes that two graphs (named or not) both hold: none, in a merge. */
  const sharedBlankNodes = async () =>
    sparqlRows(
      t.app,
      group.keys.readOnly,
      `SELECT DISTINCT ?b WHERE {
         { GRAPH ?g1 { ?s1 ?p1 ?b } GRAPH ?g2 { ?s2 ?p2 ?b } FILTER(?g1 != ?g2) }
         FILTER(isBlank(?b))
       } LIMIT 5`,
    );
  const expectEachOwn = async (documents: Array<[TestDocument, string]>) => {
    for (const [document, author] of documents) {
      expect(await authorsOf(document), document.base).toEqual([author]);
      expect(await ruleLocationsOf(document), document.base).toEqual(locationsIn(document));
    }
    expect(await sharedBlankNodes()).toEqual([]);
  };

  beforeAll(async () => {
    group = await makeKeyedGroup(t.app, 'Sparql merge');
    // Both published before anything asks the store, so the first fill reads them.
    await api().import(group.keys.readWrite, a.doc);
    bMetadata = (await api().import(group.keys.readWrite, b.doc)).metadata;
    await t.app.services.sparql.settled();
  });

  it('keeps each profile’s author and rules apart when the store is filled', async () => {
    await expectEachOwn([
      [a, 'Org A'],
      [b, 'Org B'],
    ]);
  });

  it('keeps them apart as profiles are published and deleted', async () => {
    await api().import(group.keys.readWrite, c.doc);
    await eventually(
      'the new profile in SPARQL',
      async () => (await authorsOf(c)).length > 0,
      BOUND_MS,
    );
    await expectEachOwn([
      [a, 'Org A'],
      [b, 'Org B'],
      [c, 'Org C'],
    ]);
    await t.app.services.profiles.deleteProfile(
      group.admin,
      profileUuidOf(bMetadata),
      bMetadata.name,
    );
    await eventually(
      'the deleted profile gone from SPARQL',
      async () => (await authorsOf(b)).length === 0,
      BOUND_MS,
    );
    await expectEachOwn([
      [a, 'Org A'],
      [c, 'Org C'],
    ]);
  });

  it('keeps them apart in a worker refilled after one was stopped', async () => {
    const before = t.app.services.sparql.replacements;
    expectError(await postQuery(t.app, group.keys.readOnly, ENDLESS_QUERY), 503, 'QUERY_TIMEOUT');
    expect(t.app.services.sparql.replacements).toBe(before + 1);
    await expectEachOwn([
      [a, 'Org A'],
      [c, 'Org C'],
    ]);
  }, 30_000);
});
