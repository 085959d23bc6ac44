import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VersionFinding } from '../../../common/harvest';
import { validate } from '../../../xapi/index';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { callsOf } from '../../test/authoring';
import { authoredDir, authoredPresent, profileFiles } from '../../../xapi/fixtures/corpus';

/**
 * Every authored profile of the shared corpus can be brought in as a draft, broken MUSTs and
 * all, and everything in it read through `/app` as a member would (version page, the three
 * lists, each item and its edit form, the findings) without a server error.
 */
const authored = authoredDir;
const present = authoredPresent;

const read = (file: string) => readFileSync(join(authored, file), 'utf8');

const parses = (file: string) => {
  try {
    JSON.parse(read(file));
    return true;
  } catch {
    return false;
  }
};

const files = present
  ? profileFiles(authored)
      .map((f) => relative(authored, f))
      .sort()
      .filter(parses)
  : [];

const withErrors = files.filter((file) => validate(read(file)).some((f) => f.severity === 'error'));

/**
 * What the server needs to keep a document as a draft (see
 * docs/decisions/profiles-with-findings-kept-as-drafts.md).
 */
function storable(document: Record<string, unknown>): boolean {
  const first: unknown = Array.isArray(document.versions) ? document.versions[0] : undefined;
  const hasId = (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    (value as { id: string }).id.trim() !== '';
  if (typeof document.id !== 'string' || !hasId(first)) return false;
  return ['concepts', 'templates', 'patterns'].every((key) => {
    const list = document[key];
    return list === undefined || (Array.isArray(list) && list.every(hasId));
  });
}

interface Metadata {
  profile_url: string;
  version_uuid: string;
  name: string;
}

describe.skipIf(!present)('authored corpus: every profile as a draft, read through /app', () => {
  const t = useTestApp();
  let group: KeyedGroup;

  beforeAll(async () => {
    group = await makeKeyedGroup(t.app, 'Corpus drafts');
  });

  it('has profiles with errors among them', () => {
    expect(withErrors.length).toBeGreaterThan(0);
  });

  it.each(withErrors)('refuses %s published at once (400 with its findings)', async (file) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: { 'x-api-key': group.keys.readWrite },
      payload: { profile: JSON.parse(read(file)) as unknown },
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json<{ findings: unknown[] }>().findings.length).toBeGreaterThan(0);
  });

  // Several files are versions of one profile and some share items, so each draft is deleted
  // again before the next file: every file comes in as a new profile.
  it.each(files)('%s', async (file) => {
    const sent = JSON.parse(read(file)) as Record<string, unknown>;
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: { 'x-api-key': group.keys.readWrite },
      payload: { profile: sent, status: { published: false } },
    });
    if (!storable(sent)) {
      expect(imported.statusCode, imported.body).toBe(400);
      expect(imported.json<{ message: string }>().message).toMatch(/id/);
      return;
    }
    expect(imported.statusCode, imported.body).toBe(200);
    const { metadata, findings } = imported.json<{
      metadata: Metadata;
      findings: VersionFinding[];
    }>();
    const profileId = metadata.profile_url.split('/').pop() as string;
    const base = `/app/profile/${profileId}/version/${metadata.version_uuid}`;
    const calls = callsOf(t.app, group.cookie);
    const ok = async (url: string) => {
      const answer = await calls.get(url);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      return answer.json<Record<string, unknown>>();
    };
    try {
      await ok(base);
      await ok(`${base}/document`);
      const listed = await ok(`${base}/findings`);
      const errorsSent = validate(sent, { mode: 'import' }).some((f) => f.severity === 'error');
      if (errorsSent) {
        expect(findings.some((f) => f.severity === 'error')).toBe(true);
        expect((listed.findings as VersionFinding[]).length).toBeGreaterThan(0);
      }
      for (const plural of ['concepts', 'templates', 'patterns']) {
        for (let page = 1; ; page += 1) {
          const list = await ok(`${base}/${plural}?page=${page}&limit=100`);
          const rows = list[plural] as Array<{ uuid: string }>;
          for (const row of rows) await ok(`${base}/${plural}/${row.uuid}`);
          if (page * 100 >= (list.total as number)) break;
        }
      }
    } finally {
      await t.app.services.profiles.deleteProfile(group.admin, profileId, metadata.name);
    }
  });
});

describe.skipIf(!present)('authored corpus: the video profile’s real history', () => {
  const t = useTestApp();

  // v1.0.2 and v1.0.3 list only themselves in `versions`; each names the one before it in
  // `wasRevisionOf`.
  it('imports v1.0 to v1.0.3 in order as one profile with four versions', async () => {
    const group = await makeKeyedGroup(t.app, 'Video');
    const ids: string[] = [];
    for (const version of ['v1.0', 'v1.0.1', 'v1.0.2', 'v1.0.3']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/profile',
        headers: { 'x-api-key': group.keys.readWrite },
        payload: { profile: JSON.parse(read(`video/${version}/video.jsonld`)) as unknown },
      });
      expect(answer.statusCode, `${version}: ${answer.body}`).toBe(200);
      ids.push(answer.json<{ metadata: Metadata }>().metadata.profile_url);
    }
    expect(new Set(ids).size).toBe(1);
    const profileId = (ids[0] as string).split('/').pop() as string;
    const view = await callsOf(t.app, group.cookie).get(`/app/profile/${profileId}`);
    expect(view.statusCode, view.body).toBe(200);
    const versions = view.json<{ profile: { versions: Array<{ state: string }> } }>().profile
      .versions;
    expect(versions).toHaveLength(4);
    expect(versions.every((v) => v.state === 'published')).toBe(true);
  });
});

describe.skipIf(!present)('authored corpus: the video profile’s next version as a draft', () => {
  const t = useTestApp();

  it('keeps v1.0.2 as a draft after v1.0 and v1.0.1 were published', async () => {
    const group = await makeKeyedGroup(t.app, 'Video draft');
    const send = (version: string, published: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/profile',
        headers: { 'x-api-key': group.keys.readWrite },
        payload: {
          profile: JSON.parse(read(`video/${version}/video.jsonld`)) as unknown,
          status: { published },
        },
      });
    for (const version of ['v1.0', 'v1.0.1']) {
      const answer = await send(version, true);
      expect(answer.statusCode, `${version}: ${answer.body}`).toBe(200);
    }
    // v1.0.2 lists only itself: its findings warn of that, and its document lists the stored
    // versions before it.
    const draft = await send('v1.0.2', false);
    expect(draft.statusCode, draft.body).toBe(200);
    const { metadata, findings } = draft.json<{
      metadata: Metadata;
      findings: VersionFinding[];
    }>();
    expect(findings.map((f) => f.ruleId)).toContain('history');
    const profileId = metadata.profile_url.split('/').pop() as string;
    const document = await callsOf(t.app, group.cookie).get(
      `/app/profile/${profileId}/version/${metadata.version_uuid}/document`,
    );
    expect(document.statusCode, document.body).toBe(200);
    const versions = document.json<{ versions: Array<{ id: string }> }>().versions;
    expect(versions.map((v) => v.id)).toEqual([
      'https://w3id.org/xapi/video/v1.0.2',
      'https://w3id.org/xapi/video/v1.0.1',
      'https://w3id.org/xapi/video/v1.0',
    ]);
  });
});
