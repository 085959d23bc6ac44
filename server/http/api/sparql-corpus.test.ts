import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sparqlExamples } from '../../../common/sparql-examples';
import { validate } from '../../../xapi/index';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { authoredDir, authoredPresent, profileFiles } from '../../../xapi/fixtures/corpus';

/**
 * The example queries of the specification (Part Three §1.3), run against a server holding the
 * authored corpus: each answers exactly what the profile documents say.
 */
const authored = authoredDir;
const present = authoredPresent;

type Doc = Record<string, unknown> & { id: string };
type Item = { id: string; type: string };

describe.skipIf(!present)('the specification’s example queries over the corpus', () => {
  const t = useTestApp();
  let group: KeyedGroup;
  /** The documents the server took, by profile IRI (the last one taken for each IRI). */
  const hosted = new Map<string, Doc>();

  const select = async (query: string, variable: string): Promise<string[]> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sparql',
      headers: { 'x-api-key': group.keys.readOnly, 'content-type': 'text/plain' },
      payload: query,
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<{ results: Array<Record<string, { value: string }>> }>().results;
    return [...new Set(rows.map((row) => row[variable]?.value as string))].sort();
  };
  const ids = (doc: Doc, key: string, types?: string[]) =>
    ((doc[key] as Item[] | undefined) ?? [])
      .filter((item) => !types || types.includes(item.type))
      .map((item) => item.id)
      .sort();

  beforeAll(async () => {
    group = await makeKeyedGroup(t.app, 'Corpus SPARQL');
    const files = profileFiles(authored)
      .map((f) => relative(authored, f))
      .sort();
    for (const file of files) {
      const text = readFileSync(join(authored, file), 'utf8');
      if (validate(text).some((f) => f.severity === 'error')) continue;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/profile',
        headers: { 'x-api-key': group.keys.readWrite },
        payload: { profile: JSON.parse(text) as unknown },
      });
      // Files that repeat another file's IRIs (other versions, shared concepts) are refused.
      const doc = JSON.parse(text) as Doc;
      if (response.statusCode === 200) hosted.set(doc.id, doc);
    }
    await t.app.services.sparql.settled();
  }, 240_000);

  it('hosts corpus profiles', () => {
    expect(hosted.size).toBeGreaterThan(3);
  });

  it('“What profiles are on the server?” lists every hosted profile', async () => {
    const [profiles] = sparqlExamples();
    expect(await select(profiles!.query, 'profile')).toEqual([...hosted.keys()].sort());
  });

  it('lists each profile’s verbs and activity types, templates and patterns', async () => {
    for (const [iri, doc] of hosted) {
      const [, concepts, templates, patterns] = sparqlExamples(iri);
      expect(await select(concepts!.query, 'concept'), iri).toEqual(
        ids(doc, 'concepts', ['Verb', 'ActivityType']),
      );
      expect(await select(templates!.query, 'template'), iri).toEqual(ids(doc, 'templates'));
      expect(await select(patterns!.query, 'pattern'), iri).toEqual(ids(doc, 'patterns'));
    }
  });
});
