import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sparqlExamples } from '../../../common/sparql-examples';
import { validate } from '../../../xapi/index';
import { bundledContexts } from '../../../xapi/contexts/loader';
import { INFERENCE_RULES } from '../../modules/sparql/inference';
import { findSnapshot, listPublishedGraphs } from '../../modules/sparql/repo';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import type { ApiMetadata } from '../../test/public-api';
import { authoredDir, authoredPresent, profileFiles } from '../../../xapi/fixtures/corpus';

/**
 * The example queries of the specification (Part Three §1.3), run against a server holding the
 * authored corpus: each answers exactly what the profile documents say.
 */
const authored = authoredDir;
const present = authoredPresent;

type Doc = Record<string, unknown> & { id: string };
type Item = { id: string; type: string };

/**
 * A Python with rdflib (Debian's python3-rdflib), the independent reader of RDF the oracle below
 * uses; null when there is none. Continuous integration installs it (`.ci/run`).
 */
function findRdflib(): string | null {
  for (const python of ['python3', '/usr/bin/python3']) {
    const probe = spawnSync(python, ['-c', 'import rdflib'], { stdio: 'ignore' });
    if (probe.status === 0) return python;
  }
  return null;
}
const ORACLE = fileURLToPath(new URL('../../test/rdf-oracle.py', import.meta.url));
const python = findRdflib();

// Elsewhere the oracle is skipped without rdflib, saying so in its title; under continuous
// integration a missing rdflib is a failure, so the check is never skipped unnoticed.
describe.runIf(process.env.CI && !python)('the RDF oracle', () => {
  it('has python3-rdflib (continuous integration installs it)', () => {
    throw new Error('python3-rdflib is not installed: apt-get install -y python3-rdflib');
  });
});

describe.skipIf(!present)('the specification’s example queries over the corpus', () => {
  const t = useTestApp();
  let group: KeyedGroup;
  /** The documents the server took, by profile IRI (the last one taken for each IRI). */
  const hosted = new Map<string, Doc>();
  /** What the server answered for each, by profile IRI. */
  const metadata = new Map<string, ApiMetadata>();

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
      if (response.statusCode === 200) {
        hosted.set(doc.id, doc);
        metadata.set(doc.id, response.json<{ metadata: ApiMetadata }>().metadata);
      }
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

  it('gives each profile only its own author and its templates only their own rules', async () => {
    let authors = 0;
    let rules = 0;
    for (const [iri, doc] of hosted) {
      const author = (doc.author as { name?: string } | undefined)?.name;
      if (author) {
        authors += 1;
        expect(
          await select(
            `SELECT ?n WHERE { <${iri}> <http://schema.org/author> ?a . ?a <http://schema.org/name> ?n }`,
            'n',
          ),
          iri,
        ).toEqual([author]);
      }
      for (const template of (doc.templates as Array<Item & { rules?: unknown[] }>) ?? []) {
        const locations = (template.rules ?? [])
          .map((rule) => (rule as { location?: string }).location)
          .filter((location): location is string => typeof location === 'string');
        if (locations.length === 0) continue;
        rules += 1;
        expect(
          await select(
            `PREFIX profile: <https://w3id.org/xapi/profiles/ontology#>
             SELECT ?l WHERE { <${template.id}> profile:rules ?r . ?r profile:location ?l }`,
            'l',
          ),
          template.id,
        ).toEqual([...new Set(locations)].sort());
      }
    }
    expect(authors).toBeGreaterThan(3);
    expect(rules).toBeGreaterThan(3);
  });

  /**
   * An oracle that shares no code with the server: rdflib reads what the server stored and
   * serves, and must find the same graphs — each profile's stored document, served JSON-LD and
   * served Turtle one graph; the default graph the RDF merge of the current versions plus the
   * inferred statements. Contexts come from the bundled copies, never the network.
   */
  describe.skipIf(!python)(
    'rdflib oracle (skipped where python3-rdflib is not installed: apt-get install -y python3-rdflib)',
    () => {
      let folder = '';
      const job: {
        contexts: Record<string, unknown>;
        same: Array<{ name: string; files: string[] }>;
        merge?: {
          documents: string[];
          served: string;
          rules: typeof INFERENCE_RULES;
        };
      } = { contexts: { ...bundledContexts }, same: [] };
      const put = (name: string, text: string) => {
        writeFileSync(join(folder, name), text);
        return name;
      };
      type Outcome = {
        name?: string;
        isomorphic: boolean;
        sizes: number[];
        difference?: unknown;
      };
      const ask = async () => {
        put('job.json', JSON.stringify(job));
        const { stdout } = await promisify(execFile)(python as string, [ORACLE, folder], {
          maxBuffer: 64 * 1024 * 1024,
        });
        return JSON.parse(stdout) as { same: Outcome[]; merge: Outcome | null };
      };

      beforeAll(() => {
        folder = mkdtempSync(join(tmpdir(), 'xps-rdf-oracle-'));
      });
      afterAll(() => {
        if (folder) rmSync(folder, { recursive: true, force: true });
      });

      it('finds the stored document, the served JSON-LD and the served Turtle one graph', async () => {
        const db = t.app.services.database.db;
        let n = 0;
        for (const [iri, answer] of metadata) {
          n += 1;
          const snapshot = await findSnapshot(db, answer.version_uuid);
          expect(snapshot, iri).toBeTruthy();
          const jsonld = await t.app.inject({
            method: 'GET',
            url: `/api/profile/${answer.version_uuid}`,
          });
          expect(jsonld.statusCode, jsonld.body).toBe(200);
          const profileUuid = answer.profile_url.split('/').pop() as string;
          const turtle = await t.app.inject({
            method: 'GET',
            url: `/profile/${profileUuid}/version/${answer.version_uuid}`,
            headers: { accept: 'text/turtle' },
          });
          expect(turtle.statusCode, turtle.body).toBe(200);
          expect(turtle.headers['content-type']).toMatch(/^text\/turtle/);
          job.same.push({
            name: iri,
            files: [
              put(`stored-${n}.jsonld`, JSON.stringify(snapshot)),
              put(`served-${n}.jsonld`, jsonld.body),
              put(`served-${n}.ttl`, turtle.body),
            ],
          });
        }
        const { same } = await ask();
        expect(same).toHaveLength(metadata.size);
        for (const outcome of same) {
          expect(outcome.sizes[0], outcome.name).toBeGreaterThan(10);
          expect(outcome, outcome.name).toMatchObject({ isomorphic: true });
        }
      }, 240_000);

      it('finds the default graph the merge of the current versions with the inferred statements', async () => {
        const db = t.app.services.database.db;
        const documents: string[] = [];
        for (const row of await listPublishedGraphs(db)) {
          if (!row.current) continue;
          const snapshot = await findSnapshot(db, row.versionId);
          documents.push(put(`current-${documents.length}.jsonld`, JSON.stringify(snapshot)));
        }
        expect(documents.length).toBe(hosted.size);
        const construct = await t.app.inject({
          method: 'GET',
          url: `/api/sparql?query=${encodeURIComponent('CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }')}`,
          headers: { 'x-api-key': group.keys.readOnly, accept: 'application/n-triples' },
        });
        expect(construct.statusCode, construct.body).toBe(200);
        job.same = [];
        job.merge = {
          documents,
          served: put('default.nt', construct.body),
          rules: INFERENCE_RULES,
        };
        const { merge } = await ask();
        expect(merge?.sizes[0]).toBeGreaterThan(1000);
        expect(merge).toMatchObject({ isomorphic: true });
      }, 240_000);
    },
  );
});
