import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { makeKeyedGroup } from '../../test/api-keys';
import { uniqueProfile, type ApiMetadata } from '../../test/public-api';

describe('verification requests through the public API', () => {
  const t = useTestApp();
  const post = (url: string, key: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-api-key': key },
      payload: payload as object,
    });

  it('are refused for a version that stays a draft, on import, edit and status', async () => {
    const group = await makeKeyedGroup(t.app);
    const key = group.keys.readWrite;
    const when = new Date().toISOString();
    const refused = await post('/api/profile', key, {
      profile: uniqueProfile().doc,
      status: { published: false, verificationRequest: when },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('Only a published version');

    const draft = await post('/api/profile', key, {
      profile: uniqueProfile().doc,
      status: { published: false },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const { version_uuid } = draft.json<{ metadata: ApiMetadata }>().metadata;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${version_uuid}`,
      headers: {
        'x-api-key': key,
        'if-unmodified-since': new Date(Date.now() + 60_000).toUTCString(),
      },
      payload: { profile: uniqueProfile().doc, status: { verificationRequest: when } },
    });
    expect(edit.statusCode).toBe(400);
    const status = await post(`/api/profile/${version_uuid}/status`, key, {
      verificationRequest: when,
    });
    expect(status.statusCode).toBe(409);
    expect(status.json<{ message: string }>().message).toBe(
      'Publish the profile before asking for verification.',
    );
    // Publishing in the same call makes the request valid.
    const both = await post(`/api/profile/${version_uuid}/status`, key, {
      published: true,
      verificationRequest: when,
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json<{ status: ApiMetadata['status'] }>().status).toMatchObject({
      published: true,
      verified: false,
      verificationRequest: expect.any(String) as string,
    });
  });
});
