import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validProfile } from '../fixtures/profiles.js';
import { createDocumentLoader } from './loader.js';
import { PROFILE_CONTEXT_IRI } from './profile-context.js';
import { toCanonicalRdf } from './rdf.js';

const starter = resolve(
  fileURLToPath(new URL('../..', import.meta.url)),
  '../shared/corpus/authored/starter-template.jsonld',
);

describe('toCanonicalRdf', () => {
  it('converts a profile offline, without reporting the known scopeNote loss', async () => {
    const { nquads, findings } = await toCanonicalRdf(validProfile());
    expect(findings).toEqual([]);
    expect(nquads).toContain(
      '<https://example.org/xapi/sports> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://w3id.org/xapi/profiles/ontology#Profile>',
    );
  });

  it('reports a context it cannot load as a finding naming the IRI', async () => {
    const doc = { ...validProfile(), '@context': [PROFILE_CONTEXT_IRI, 'https://example.org/ctx'] };
    const { nquads, findings } = await toCanonicalRdf(doc);
    expect(nquads).toBeUndefined();
    expect(findings).toEqual([
      expect.objectContaining({
        ruleId: 'A3',
        message: expect.stringContaining('https://example.org/ctx') as string,
      }),
    ]);
  });

  it('uses extra contexts the caller supplies', async () => {
    const doc = {
      ...validProfile(),
      '@context': [PROFILE_CONTEXT_IRI, 'https://example.org/ctx'],
      note: 'x',
    };
    const loader = createDocumentLoader({
      'https://example.org/ctx': { '@context': { note: 'https://example.org/note' } },
    });
    const { nquads, findings } = await toCanonicalRdf(doc, loader);
    expect(findings).toEqual([]);
    expect(nquads).toContain('<https://example.org/note> "x"');
  });

  it('reports properties dropped during expansion', async () => {
    const doc = { ...validProfile(), tempates: [] as unknown[] };
    const { findings } = await toCanonicalRdf(doc);
    expect(findings.map((f) => f.message).join()).toContain('"tempates"');
  });

  it.skipIf(!existsSync(starter))(
    'turns a document jsonld.js cannot convert into a finding',
    async () => {
      const { nquads, findings } = await toCanonicalRdf(JSON.parse(readFileSync(starter, 'utf8')));
      expect(nquads).toBeUndefined();
      expect(findings[0]?.ruleId).toBe('A3');
    },
  );
});
