import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../../../xapi/index';
import { toCanonicalRdf } from '../../../xapi/contexts/rdf';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { authoredDir, authoredPresent, profileFiles } from '../../../xapi/fixtures/corpus';

/**
 * Every authored profile of the shared corpus that the import rules accept goes through the
 * public API and comes back as the same RDF: what is stored and served is what was sent.
 */
const authored = authoredDir;
const present = authoredPresent;

const read = (file: string) => readFileSync(join(authored, file), 'utf8');

/** The files `validate()` (import mode) finds no error in: the ones an import must accept. */
const importable = present
  ? profileFiles(authored)
      .map((f) => relative(authored, f))
      .sort()
      .filter((file) => !validate(read(file)).some((f) => f.severity === 'error'))
  : [];

async function canonical(document: unknown): Promise<string> {
  const { nquads, findings } = await toCanonicalRdf(document);
  expect(findings).toEqual([]);
  expect(nquads).toBeTruthy();
  return nquads as string;
}

interface Metadata {
  profile_url: string;
  version_uuid: string;
  name: string;
}

describe.skipIf(!present)('authored corpus: import and read back through /api', () => {
  const t = useTestApp();
  let group: KeyedGroup;

  beforeAll(async () => {
    group = await makeKeyedGroup(t.app, 'Corpus');
  });

  it('has importable files to round-trip', () => {
    expect(importable.length).toBeGreaterThan(0);
  });

  // Several files are versions of one profile and many share concepts with other profiles, so
  // each import is deleted again before the next file: every file is imported as a new profile.
  it.each(importable)('%s', async (file) => {
    const text = read(file);
    const sent: unknown = JSON.parse(text);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: { 'x-api-key': group.keys.readWrite },
      payload: { profile: sent },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const metadata = imported.json<{ metadata: Metadata }>().metadata;
    const profileId = metadata.profile_url.split('/').pop() as string;
    try {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/profile/${metadata.version_uuid}`,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await canonical(answer.json())).toBe(await canonical(sent));
    } finally {
      await t.app.services.profiles.deleteProfile(group.admin, profileId, metadata.name);
    }
  });
});
