import { beforeAll, describe, expect, it } from 'vitest';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import {
  ApiClient,
  expectError,
  profileUuidOf,
  profilesWithIri,
  uniqueProfile,
} from '../../test/public-api';

interface Finding {
  ruleId: string;
  severity: string;
  path: string;
  message: string;
}

describe('public API: validation, CORS and body limits', () => {
  const t = useTestApp();
  let api: ApiClient;
  let group: KeyedGroup;

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Validators');
  });

  describe('POST /api/validate', () => {
    it('accepts a bare document without a key and stores nothing', async () => {
      const document = uniqueProfile();
      const response = await api.post('/api/validate', document.doc);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Validation successful.',
        warnings: [],
      });
      expect(await profilesWithIri(t.app, document.base)).toBe(0);
    });

    it('accepts {profile} and answers the warnings', async () => {
      const { doc } = uniqueProfile();
      doc.conformsTo = 'https://w3id.org/xapi/profiles#1.0.0';
      const response = await api.post('/api/validate', { profile: doc });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ success: boolean; message: string; warnings: Finding[] }>();
      expect(body).toMatchObject({ success: true, message: 'Validation successful.' });
      expect(body.warnings.map((w) => [w.ruleId, w.severity])).toEqual([['B4', 'warning']]);
    });

    it('accepts an application/ld+json body', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/validate',
        headers: { 'content-type': 'application/ld+json' },
        payload: JSON.stringify(uniqueProfile().doc),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ success: boolean }>().success).toBe(true);
    });

    it('answers 400 with the findings of an invalid document', async () => {
      const { doc } = uniqueProfile();
      delete doc.definition;
      doc.prefLabel = 'Sports';
      for (const body of [doc, { profile: doc }]) {
        const response = await api.post('/api/validate', body);
        const error = expectError(response, 400, 'VALIDATION_FAILED') as unknown as {
          findings: Finding[];
        };
        expect(error.findings.length).toBeGreaterThanOrEqual(2);
        expect(error.findings.every((f) => f.severity === 'error')).toBe(true);
        expect(error.findings.some((f) => f.ruleId === 'B5' && f.path === '/prefLabel')).toBe(true);
      }
    });

    it('refuses a body that is not a JSON object', async () => {
      expectError(await api.post('/api/validate', [1, 2]), 400, 'VALIDATION_FAILED');
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/validate',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expectError(text, 400, 'VALIDATION_FAILED');
      const xml = await t.app.inject({
        method: 'POST',
        url: '/api/validate',
        headers: { 'content-type': 'application/xml' },
        payload: '<profile/>',
      });
      expectError(xml, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('body limit', () => {
    const huge = () => {
      const { doc } = uniqueProfile();
      doc.definition = { en: 'x'.repeat(5 * 1024 * 1024 + 10) };
      return doc;
    };

    it('refuses bodies over 5 MB with 413', async () => {
      expectError(await api.post('/api/validate', huge()), 413, 'PAYLOAD_TOO_LARGE');
      const document = huge();
      expectError(
        await api.post('/api/profile', { profile: document }, { key: group.keys.readWrite }),
        413,
        'PAYLOAD_TOO_LARGE',
      );
      expect(await profilesWithIri(t.app, document.id as string)).toBe(0);
    });
  });

  describe('CORS', () => {
    const origin = { origin: 'https://tool.example.net' };

    it('lets any origin read and validate, without credentials', async () => {
      const { metadata } = await api.import(group.keys.readWrite, uniqueProfile().doc);
      const answers = [
        await api.get('/api/profile', { headers: origin }),
        await api.get(`/api/profile/${metadata.version_uuid}`, { headers: origin }),
        await api.get(`/api/profile/${profileUuidOf(metadata)}/meta`, { headers: origin }),
        await api.post('/api/validate', uniqueProfile().doc, { headers: origin }),
      ];
      for (const response of answers) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['access-control-allow-origin']).toBe('*');
        expect(response.headers['access-control-allow-credentials']).toBeUndefined();
        expect(response.headers['access-control-expose-headers']).toMatch(/Last-Modified/);
        expect(response.headers['access-control-expose-headers']).toMatch(/ETag/);
      }
    });

    it('lets other origins read the errors of reads and validation too', async () => {
      const missing = await api.get('/api/profile/00000000-0000-4000-8000-000000000000', {
        headers: origin,
      });
      expectError(missing, 404, 'NOT_FOUND');
      expect(missing.headers['access-control-allow-origin']).toBe('*');
      const invalid = await api.post('/api/validate', { id: 'nope' }, { headers: origin });
      expectError(invalid, 400, 'VALIDATION_FAILED');
      expect(invalid.headers['access-control-allow-origin']).toBe('*');
    });

    it('decides cross-origin access by the route matched, however its path is spelled', async () => {
      // The router matches `/api/validate/` as `/api/validate` (trailing slashes are ignored).
      const validated = await api.post('/api/validate/', uniqueProfile().doc, { headers: origin });
      expect(validated.statusCode, validated.body).toBe(200);
      expect(validated.headers['access-control-allow-origin']).toBe('*');
      // Its preflight allows the same call.
      const preflight = await api.request('OPTIONS', '/api/validate/', undefined, {
        headers: { ...origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-methods']).toBe('POST');
    });

    it('answers preflights with 204', async () => {
      const read = await api.request('OPTIONS', '/api/profile', undefined, {
        headers: { ...origin, 'access-control-request-method': 'GET' },
      });
      expect(read.statusCode).toBe(204);
      expect(read.headers['access-control-allow-origin']).toBe('*');
      expect(read.headers['access-control-allow-methods']).toMatch(/GET/);
      expect(read.headers['access-control-allow-methods']).not.toMatch(/POST|PUT|DELETE/);
      expect(read.headers['access-control-allow-credentials']).toBeUndefined();
      const validate = await api.request('OPTIONS', '/api/validate', undefined, {
        headers: {
          ...origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(validate.statusCode).toBe(204);
      expect(validate.headers['access-control-allow-origin']).toBe('*');
      expect(validate.headers['access-control-allow-methods']).toBe('POST');
      expect(validate.headers['access-control-allow-headers']).toMatch(/Content-Type/i);
    });

    it('adds no CORS headers to changes', async () => {
      const document = uniqueProfile();
      const imported = await api.post(
        '/api/profile',
        { profile: document.doc },
        { key: group.keys.readWrite, headers: origin },
      );
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.headers['access-control-allow-origin']).toBeUndefined();
      const uuid = imported.json<{ metadata: { version_uuid: string } }>().metadata.version_uuid;
      const changes = [
        await api.put(
          `/api/profile/${uuid}`,
          { profile: document.doc },
          { key: group.keys.readWrite, headers: origin },
        ),
        await api.delete(`/api/profile/${uuid}`, { key: group.keys.readWrite, headers: origin }),
        await api.post(
          `/api/profile/${uuid}/status`,
          { published: true },
          { key: group.keys.readWrite, headers: origin },
        ),
      ];
      for (const response of changes) {
        expect(response.statusCode).toBeGreaterThanOrEqual(200);
        expect(response.headers['access-control-allow-origin'], response.body).toBeUndefined();
      }
    });
  });
});
