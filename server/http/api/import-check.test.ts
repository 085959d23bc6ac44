import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding, JsonObject } from '../../../xapi/index';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import {
  ApiClient,
  expectError,
  profilesWithIri,
  uniqueProfile,
  type TestDocument,
} from '../../test/public-api';

/**
 * An import checks its document once, before storing it, and publishing reuses that pass for the
 * same bytes. The pass is made without the items stored here, so an import whose reuse of a
 * stored item breaks a rule must still be refused at publication.
 */
describe('public API: a published import is checked against the stored items it reuses', () => {
  const t = useTestApp();
  let api: ApiClient;
  let group: KeyedGroup;
  let stored: TestDocument;

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Checkers');
    stored = uniqueProfile();
    await api.import(group.keys.readWrite, stored.doc);
  });

  /** A fresh profile whose first template's verb is the stored profile's activity type. */
  function reusingActivityTypeAsVerb(): TestDocument {
    const document = uniqueProfile();
    const templates = document.doc.templates as JsonObject[];
    (templates[0] as JsonObject).verb = `${stored.base}/activitytypes/event`;
    return document;
  }

  it('passes the check on its own: the stored item is unknown to it', async () => {
    const { doc } = reusingActivityTypeAsVerb();
    const response = await api.post('/api/validate', doc);
    expect(response.statusCode, response.body).toBe(200);
    const { warnings } = response.json<{ warnings: Finding[] }>();
    expect(warnings.some((w) => w.ruleId === 'I5' && w.path === '/templates/0/verb')).toBe(true);
  });

  it('is refused when published, with the finding at its path, and leaves nothing behind', async () => {
    const { base, doc } = reusingActivityTypeAsVerb();
    const response = await api.post(
      '/api/profile',
      { profile: doc },
      { key: group.keys.readWrite },
    );
    const body = expectError(response, 400, 'VALIDATION_FAILED') as { findings?: Finding[] };
    expect(body.findings?.some((f) => f.ruleId === 'I5' && f.path === '/templates/0/verb')).toBe(
      true,
    );
    expect(await profilesWithIri(t.app, base)).toBe(0);
  });

  it('is refused again when the same bytes come a second time', async () => {
    const document = reusingActivityTypeAsVerb();
    for (let i = 0; i < 2; i++) {
      const response = await api.post(
        '/api/profile',
        { profile: document.doc },
        { key: group.keys.readWrite },
      );
      expectError(response, 400, 'VALIDATION_FAILED');
    }
    expect(await profilesWithIri(t.app, document.base)).toBe(0);
  });

  it('refuses a document for what it says, though its normal form would pass', async () => {
    const { base, doc } = uniqueProfile();
    // The normal form reads a lone IRI as the array the spec wants; the import must not.
    const concept = (doc.concepts as JsonObject[])[0] as JsonObject;
    concept.narrower = `${base}/verbs/won`;
    const response = await api.post(
      '/api/profile',
      { profile: doc },
      { key: group.keys.readWrite },
    );
    const body = expectError(response, 400, 'VALIDATION_FAILED') as { findings?: Finding[] };
    expect(body.findings?.some((f) => f.ruleId === 'A2' && f.path === '/concepts/0/narrower')).toBe(
      true,
    );
    expect(await profilesWithIri(t.app, base)).toBe(0);
  });

  it('publishes the same profile when its verb is a verb', async () => {
    const document = uniqueProfile();
    const { metadata } = await api.import(group.keys.readWrite, document.doc);
    expect(metadata.status.published).toBe(true);
    const response = await api.get(`/api/profile/${metadata.version_uuid}`);
    expect(response.statusCode, response.body).toBe(200);
  });
});
