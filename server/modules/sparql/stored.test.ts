import { eq, inArray } from 'drizzle-orm';
import jsonld from 'jsonld';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { profileVersionGraphs, profileVersions, profiles } from '../../db/schema';
import { makeKeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { behindTheGuards } from '../../test/database';
import { eventually } from '../../test/jobs';
import { canonical, convertToNTriples } from '../../test/rdf';
import { ApiClient, uniqueProfile } from '../../test/public-api';
import { BINDINGS } from './protocol';
import { SparqlService } from './service';
import { GRAPH_FORMAT, backfillVersionGraphs, storeVersionGraph } from './stored';

const MARKER = '<urn:test:stored> <urn:test:from> "the stored N-Triples" .\n';

/**
 * Each published version's graph is converted once, after it is published, and stored; the
 * SPARQL store loads those N-Triples instead of converting the documents again, and converts the
 * versions that have none (or have them in another format) as before.
 */
describe('SPARQL N-Triples stored at publish', () => {
  const t = useTestApp();
  const a = uniqueProfile();
  const b = uniqueProfile();
  let versions: Array<{ id: string; iri: string; snapshot: unknown }> = [];
  let service: SparqlService | null = null;
  const caller = { keyId: 'key-id-stored' };

  const build = () => {
    service = new SparqlService(
      t.app.services.database.db,
      {
        timeoutMs: 20_000,
        maxResultBytes: 50_000_000,
        workers: 1,
        limits: { depthMax: 1_000_000, tokensMax: 1_000_000 },
      },
      { info: () => undefined, warn: () => undefined },
    );
    return service;
  };
  const construct = async (sparql: SparqlService, where: string) =>
    canonical(
      (
        await sparql.query(
          `CONSTRUCT { ?s ?p ?o } WHERE { ${where} }`,
          () => 'application/n-triples',
          caller,
        )
      ).body,
    );
  /** Every named graph and the default graph, each in canonical form. */
  const dataset = async (sparql: SparqlService) => {
    await sparql.settled();
    return {
      a: await construct(sparql, `GRAPH <${versions[0]!.iri}> { ?s ?p ?o }`),
      b: await construct(sparql, `GRAPH <${versions[1]!.iri}> { ?s ?p ?o }`),
      merged: await construct(sparql, '?s ?p ?o'),
    };
  };
  const ask = async (sparql: SparqlService, query: string) =>
    (
      JSON.parse((await sparql.query(query, () => BINDINGS, caller)).body) as Array<{
        boolean: { value: string };
      }>
    )[0]!.boolean.value === 'true';
  const rowsOf = () =>
    t.app.services.database.db
      .select()
      .from(profileVersionGraphs)
      .where(
        inArray(
          profileVersionGraphs.versionId,
          versions.map((v) => v.id),
        ),
      );
  const rowOf = async (versionId: string) =>
    (await rowsOf()).find((row) => row.versionId === versionId);

  beforeAll(async () => {
    const group = await makeKeyedGroup(t.app, 'Stored N-Triples');
    a.doc.author = { type: 'Organization', name: 'Org A' };
    b.doc.author = { type: 'Organization', name: 'Org B' };
    await new ApiClient(t.app).import(group.keys.readWrite, a.doc);
    await new ApiClient(t.app).import(group.keys.readWrite, b.doc);
    const rows = await t.app.services.database.db
      .select({
        id: profileVersions.id,
        iri: profileVersions.iri,
        snapshot: profileVersions.snapshot,
        profileIri: profiles.iri,
      })
      .from(profileVersions)
      .innerJoin(profiles, eq(profiles.id, profileVersions.profileId))
      .where(inArray(profiles.iri, [a.base, b.base]));
    versions = [a.base, b.base].map((base) => rows.find((r) => r.profileIri === base)!);
  });
  afterEach(async () => {
    await service?.close();
    service = null;
  });

  it('stores what the conversion gives, once, after the version is published', async () => {
    // The subscriber of `profileVersionPublished` stores them (or the backfill, whichever runs
    // first): no request does.
    await eventually('the N-Triples of both versions', async () =>
      (await rowsOf()).length === 2 ? true : null,
    );
    // From here on no job runs: what the store reads is only what these tests write.
    await t.app.services.jobs.stop();
    for (const version of versions) {
      const row = (await rowOf(version.id))!;
      expect(row.format).toBe(GRAPH_FORMAT);
      expect(row.ntriples).toMatch(/<http:\/\/schema\.org\/name> "Org [AB]"/);
      expect(await canonical(row.ntriples)).toBe(
        await canonical(await convertToNTriples(version.snapshot, version.iri)),
      );
      // Written once: storing again leaves the row as it was (fresh blank nodes would differ).
      expect(
        await storeVersionGraph(t.app.services.database.db, version.id, convertToNTriples),
      ).toBe(true);
      expect((await rowOf(version.id))!).toEqual(row);
    }
  });

  it('fills a store from the stored N-Triples that answers as one filled by converting', async () => {
    const fromStored = await dataset(build());
    await service!.close();
    // Versions published before graphs were stored have none: only a write behind the
    // database's guards makes that again.
    await behindTheGuards(t.app.services.database.db, (tx) =>
      tx.delete(profileVersionGraphs).where(
        inArray(
          profileVersionGraphs.versionId,
          versions.map((v) => v.id),
        ),
      ),
    );
    // Versions without N-Triples still appear: converted from their documents as before.
    const converted = await dataset(build());
    expect(converted).toEqual(fromStored);
    expect(converted.a).toMatch(/"Org A"/);
    expect(converted.merged).toMatch(/"Org B"/);
    // The backfill stores them again, not the store that read them.
    expect(await rowsOf()).toEqual([]);
    const { stored, failed } = await backfillVersionGraphs(
      t.app.services.database.db,
      100,
      convertToNTriples,
    );
    expect(failed).toEqual([]);
    expect(stored).toBeGreaterThanOrEqual(2);
    expect(await rowsOf()).toHaveLength(2);
  });

  it('loads N-Triples of the current format and converts a stale one again, also on refill', async () => {
    const db = t.app.services.database.db;
    const [va, vb] = versions as [(typeof versions)[0], (typeof versions)[0]];
    const rowA = (await rowOf(va.id))!;
    // Marked behind the database's guards, which let a stored graph change only to a newer
    // format: a current one with a marker, and one of an older format.
    await behindTheGuards(db, async (tx) => {
      await tx
        .update(profileVersionGraphs)
        .set({ ntriples: rowA.ntriples + MARKER })
        .where(eq(profileVersionGraphs.versionId, va.id));
      await tx
        .update(profileVersionGraphs)
        .set({ format: GRAPH_FORMAT - 1, ntriples: MARKER })
        .where(eq(profileVersionGraphs.versionId, vb.id));
    });
    const marked = (iri: string) => `ASK { GRAPH <${iri}> { ${MARKER.slice(0, -3)} } }`;
    const authorOf = (iri: string, name: string) =>
      `ASK { GRAPH <${iri}> { ?p <http://schema.org/author> ?o . ?o <http://schema.org/name> "${name}" } }`;
    const expectMix = async (sparql: SparqlService) => {
      expect(await ask(sparql, marked(va.iri))).toBe(true);
      expect(await ask(sparql, marked(vb.iri))).toBe(false);
      expect(await ask(sparql, authorOf(vb.iri, 'Org B'))).toBe(true);
    };
    const sparql = build();
    await sparql.settled();
    await expectMix(sparql);
    // An engine that traps is replaced by a worker filled from the database: the same mix.
    const trap = `SELECT * WHERE ${'{'.repeat(1000)} ?s ?p ?o ${'}'.repeat(1000)}`;
    await expect(sparql.query(trap, () => BINDINGS, caller)).rejects.toMatchObject({
      status: 503,
    });
    expect(sparql.replacements).toBe(1);
    await expectMix(sparql);
    // The backfill replaces the stale row and leaves the current one alone.
    const { stored } = await backfillVersionGraphs(db, 100, convertToNTriples);
    expect(stored).toBe(1);
    expect((await rowOf(va.id))!.ntriples).toContain(MARKER);
    const rowB = (await rowOf(vb.id))!;
    expect(rowB.format).toBe(GRAPH_FORMAT);
    expect(await canonical(rowB.ntriples)).toBe(
      await canonical(await convertToNTriples(vb.snapshot, vb.iri)),
    );
  });
});

describe('the conversion after publishing', () => {
  const t = useTestApp();

  it('runs in a thread of its own, never on the thread that serves requests', async () => {
    const group = await makeKeyedGroup(t.app, 'Converted elsewhere');
    const offThread = vi.spyOn(t.app.services.graphConverter, 'toNTriples');
    const inThread = vi.spyOn(jsonld, 'toRDF');
    try {
      const profile = uniqueProfile();
      await new ApiClient(t.app).import(group.keys.readWrite, profile.doc);
      const [version] = await t.app.services.database.db
        .select({
          id: profileVersions.id,
          iri: profileVersions.iri,
          snapshot: profileVersions.snapshot,
        })
        .from(profileVersions)
        .innerJoin(profiles, eq(profiles.id, profileVersions.profileId))
        .where(eq(profiles.iri, profile.base));
      const stored = await eventually('the N-Triples of the version', async () => {
        const [row] = await t.app.services.database.db
          .select()
          .from(profileVersionGraphs)
          .where(eq(profileVersionGraphs.versionId, version!.id));
        return row ?? null;
      });
      // The document's text goes to the thread, read as the stored document.
      expect(offThread).toHaveBeenCalledWith(expect.any(String), version!.iri);
      expect(JSON.parse(offThread.mock.calls[0]![0])).toEqual(version!.snapshot);
      expect(inThread).not.toHaveBeenCalled();
      inThread.mockRestore();
      // What the worker gave is the graph this thread would have converted.
      expect(await canonical(stored.ntriples)).toBe(
        await canonical(await convertToNTriples(version!.snapshot, version!.iri)),
      );
    } finally {
      offThread.mockRestore();
      inThread.mockRestore();
    }
  });
});
