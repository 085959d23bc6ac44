import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import jsonld from 'jsonld';
import { describe, expect, it } from 'vitest';
import { validProfile } from '../fixtures/profiles.js';
import { ACTIVITY_CONTEXT_IRI } from './activity-context.js';
import type { DocumentLoader } from './loader.js';
import { UnavailableContextError, createDocumentLoader, offlineDocumentLoader } from './loader.js';
import { PROFILE_CONTEXT_IRI } from './profile-context.js';
import { corpusDir, profileFiles } from '../fixtures/corpus.js';

const corpus = corpusDir;
const present = existsSync(join(corpus, 'context')) && existsSync(join(corpus, 'authored'));

function canonize(doc: unknown, documentLoader: DocumentLoader): Promise<string> {
  return jsonld.canonize(
    doc as jsonld.JsonLdDocument,
    {
      format: 'application/n-quads',
      documentLoader: documentLoader as never,
      safe: false,
    } as jsonld.Options.Normalize,
  );
}

describe('offline document loader', () => {
  it('serves both bundled contexts', async () => {
    const profile = await offlineDocumentLoader(PROFILE_CONTEXT_IRI);
    const activity = await offlineDocumentLoader(ACTIVITY_CONTEXT_IRI);
    expect(profile.documentUrl).toBe(PROFILE_CONTEXT_IRI);
    expect(Object.keys((profile.document as { '@context': object })['@context'])).toContain(
      'sequence',
    );
    expect(Object.keys((activity.document as { '@context': object })['@context'])).toContain(
      'choices',
    );
  });

  it('refuses every other IRI with an error naming it', async () => {
    for (const url of ['https://example.org/ctx', 'http://w3id.org/xapi/profiles/context', '']) {
      const error = await offlineDocumentLoader(url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnavailableContextError);
      expect((error as UnavailableContextError).url).toBe(url);
    }
  });

  it('serves caller-supplied documents but never lets them replace the bundled contexts', async () => {
    const loader = createDocumentLoader({
      'https://example.org/ctx': { '@context': { a: 'https://example.org/a' } },
      [PROFILE_CONTEXT_IRI]: { '@context': {} },
    });
    expect((await loader('https://example.org/ctx')).document).toEqual({
      '@context': { a: 'https://example.org/a' },
    });
    const served = (await loader(PROFILE_CONTEXT_IRI)).document as { '@context': object };
    expect(Object.keys(served['@context']).length).toBeGreaterThan(50);
  });

  it('lets jsonld.js expand a profile, keeping sequence order and booleans typed', async () => {
    const expanded = (await jsonld.expand(validProfile(), {
      documentLoader: offlineDocumentLoader as never,
      safe: false,
    } as jsonld.Options.Expand)) as Record<string, unknown>[];
    const text = JSON.stringify(expanded);
    expect(text).toContain('https://w3id.org/xapi/profiles/ontology#sequence');
    expect(text).toContain('"@list"');
    expect(text).toContain('http://www.w3.org/2001/XMLSchema#boolean');
  });

  it('drops a rule scopeNote language map, exactly as the published context does', async () => {
    // The decision record explains why the bundled context keeps this published behaviour.
    const doc = validProfile();
    await expect(
      jsonld.expand(
        doc as jsonld.JsonLdDocument,
        {
          documentLoader: offlineDocumentLoader as never,
          safe: true,
        } as jsonld.Options.Expand,
      ),
    ).rejects.toThrow(/[Ss]afe mode/);
    const rules = (doc.templates as { rules: Record<string, unknown>[] }[])[0]!.rules;
    for (const rule of rules) delete rule.scopeNote;
    await expect(
      jsonld.expand(
        doc as jsonld.JsonLdDocument,
        {
          documentLoader: offlineDocumentLoader as never,
          safe: true,
        } as jsonld.Options.Expand,
      ),
    ).resolves.toBeInstanceOf(Array);
  });

  it('turns a document with an unknown remote context into an error, not a request', async () => {
    const doc = { ...validProfile(), '@context': [PROFILE_CONTEXT_IRI, 'https://example.org/ctx'] };
    await expect(
      jsonld.expand(doc as jsonld.JsonLdDocument, {
        documentLoader: offlineDocumentLoader as never,
      }),
    ).rejects.toThrow();
  });
});

describe.skipIf(!present)('bundled contexts against the published ones', () => {
  const official = (name: string): unknown =>
    JSON.parse(readFileSync(join(corpus, 'context', name), 'utf8'));
  const publishedLoader = present
    ? createDocumentLoader({
        // Served under other IRIs: the bundled pair always wins for the real ones.
        'urn:published:profile': official('profile-context.jsonld'),
        'urn:published:activity': official('activity-context.jsonld'),
      })
    : offlineDocumentLoader;
  const authored = join(corpus, 'authored');
  const files = present
    ? profileFiles(authored)
        .map((f) => relative(authored, f))
        .sort()
    : [];

  /** Points every use of the two context IRIs at the published copies. */
  function withPublished(value: unknown): unknown {
    if (value === PROFILE_CONTEXT_IRI) return 'urn:published:profile';
    if (value === ACTIVITY_CONTEXT_IRI) return 'urn:published:activity';
    if (Array.isArray(value)) return value.map(withPublished);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          k === '@context' ? withPublished(v) : withPublished(v),
        ]),
      );
    }
    return value;
  }

  it.each(files)('%s expands to the same RDF', async (file) => {
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(join(authored, file), 'utf8'));
    } catch {
      return expect(file).toMatch(/Readme/);
    }
    const ours = await canonize(doc, offlineDocumentLoader).catch((e: unknown) => e);
    const theirs = await canonize(withPublished(doc), publishedLoader).catch((e: unknown) => e);
    if (ours instanceof Error) {
      expect(theirs).toBeInstanceOf(Error);
      return;
    }
    expect(typeof ours === 'string' && ours.length).toBeGreaterThan(0);
    expect(ours).toBe(theirs);
  });
});
