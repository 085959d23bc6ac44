import { describe, expect, it } from 'vitest';
import type { VersionFinding } from '../../../common/harvest';
import type { JsonObject } from '../../../xapi/index';
import { makeKeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { addMember, callsOf } from '../../test/authoring';
import { makePerson } from '../../test/people';
import { ApiClient, profileUuidOf, uniqueProfile } from '../../test/public-api';

/**
 * A finding about a value no form manages (an A4 error: a word no context defines) is fixed by removing
 * that value, in one call, from the Findings panel; such an error no longer refuses other saves.
 */
describe('removing one value of an item', () => {
  const t = useTestApp();

  /** A draft whose first concept carries `remark`, which no context of the document defines. */
  async function draftWithStrayNote() {
    const group = await makeKeyedGroup(t.app, 'Removers');
    const document = uniqueProfile();
    const concepts = document.doc.concepts as JsonObject[];
    concepts[0] = { ...concepts[0], remark: 'Used when the learner is done.' };
    const { metadata } = await new ApiClient(t.app).import(group.keys.readWrite, document.doc, {
      published: false,
    });
    const base = `/app/profile/${profileUuidOf(metadata)}/version/${metadata.version_uuid}`;
    const calls = callsOf(t.app, group.cookie);
    const findings = async () => {
      const response = await calls.get(`${base}/findings`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ findings: VersionFinding[] }>().findings;
    };
    const stray = (await findings()).find(
      (f) => f.ruleId === 'A4' && f.severity === 'error' && f.path.endsWith('/remark'),
    );
    expect(stray?.item?.kind).toBe('concept');
    const url = `${base}/concepts/${stray!.item!.id}/remove-value`;
    return { group, base, calls, findings, url, conceptId: stray!.item!.id };
  }

  it('removes the value a finding names, and the finding with it', async () => {
    const { calls, findings, url, base, conceptId } = await draftWithStrayNote();
    const removed = await calls.post(url, { pointer: '/remark' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await findings()).filter((f) => f.path.endsWith('/remark'))).toEqual([]);
    const view = await calls.get(`${base}/concepts/${conceptId}`);
    expect(view.body).not.toContain('remark');
    expect(view.body).toContain('Finished an event in a position.');
    // A second removal finds nothing there.
    const again = await calls.post(url, { pointer: '/remark' });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toMatch(/has no value at \/remark/);
  });

  it('lets a concept with such an error be saved: a save is refused only for what it brings', async () => {
    const { calls, base, conceptId } = await draftWithStrayNote();
    const view = await calls.get(`${base}/concepts/${conceptId}`);
    expect(view.statusCode, view.body).toBe(200);
    const lock = await calls.post(`${base}/concepts/${conceptId}/lock`);
    expect(lock.statusCode, lock.body).toBe(200);
    const saved = await calls.put(`${base}/concepts/${conceptId}`, {
      conceptType: 'Verb',
      name: 'placed',
      description: 'Finished an event in a position, at last.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const removed = await calls.post(`${base}/concepts/${conceptId}/remove-value`, {
      pointer: '/prefLabel',
    });
    // Taking away the name brings a problem the concept did not have.
    expect(removed.statusCode, removed.body).toBe(400);
  });

  it("refuses the item's identity, a stale revision, another member's lock and outsiders", async () => {
    const { group, calls, url, base, conceptId } = await draftWithStrayNote();
    for (const pointer of ['/id', '/type', '/inScheme'])
      expect((await calls.post(url, { pointer })).statusCode, pointer).toBe(400);
    expect((await calls.post(url, { pointer: 'remark' })).statusCode).toBe(400);
    // Malformed bodies are a 400 naming what to fix, never a 500.
    for (const body of [
      {},
      { pointer: 123 },
      { pointer: '/' },
      { pointer: '/remark', extra: true },
      { pointer: `/${'x'.repeat(2001)}` },
      { pointer: '/remark\u0000' },
      { pointer: '/remark\ud800' },
      { pointer: '/~2/~' },
    ]) {
      const refused = await calls.post(url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }

    const stale = await calls.post(url, { pointer: '/remark' }, { 'if-match': '"stale"' });
    expect([409, 412]).toContain(stale.statusCode);

    const other = await addMember(t.app, t.database, group.organizationId);
    const held = await callsOf(t.app, other.cookie).post(`${base}/concepts/${conceptId}/lock`);
    expect(held.statusCode, held.body).toBe(200);
    const locked = await calls.post(url, { pointer: '/remark' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json<{ code: string }>().code).toBe('RESOURCE_LOCKED');

    const outsider = await makePerson(t.database.db, t.app.services.sessions);
    const refused = await callsOf(t.app, outsider.cookie).post(url, { pointer: '/remark' });
    expect(refused.statusCode).toBe(404);
    expect(
      (await callsOf(t.app).post(url, { pointer: '/remark' })).statusCode,
    ).toBeGreaterThanOrEqual(401);
  });
});
