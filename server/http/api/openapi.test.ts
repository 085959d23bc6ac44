import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
}

/** `/api/profile/:uuid` as OpenAPI writes it: `/api/profile/{uuid}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The routes the document need not describe: preflights, itself, its viewer, the IRI look-up. */
const undocumented = (method: string, url: string) =>
  method === 'OPTIONS' ||
  url === '/api/openapi.json' ||
  url.startsWith('/api/reference') ||
  url.startsWith('/api/iri/');

describe('/api/openapi.json', () => {
  const t = useTestApp();

  async function openApi(): Promise<OpenApiDocument> {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json<OpenApiDocument>();
  }

  it('is a valid OpenAPI 3 document', async () => {
    const document = await openApi();
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    // The parser resolves references in place, so it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    // The validator does look: a copy with a broken operation is refused.
    const broken = structuredClone(document);
    (broken.paths['/api/validate'] as Record<string, unknown>).post = { responses: 'none' };
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it('describes every /api route the server has, and nothing else', async () => {
    const document = await openApi();
    const routes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !undocumented(r.method, r.url))
      .map((r) => `${r.method} ${openApiPath(r.url)}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/profile',
        'POST /api/profile',
        'GET /api/profile/{uuid}',
        'PUT /api/profile/{uuid}',
        'DELETE /api/profile/{uuid}',
        'GET /api/profile/{uuid}/meta',
        'GET /api/profile/{uuid}/metadata',
        'GET /api/profile/{uuid}/changes',
        'POST /api/profile/{uuid}/status',
        'POST /api/validate',
        'POST /api/validate_templates',
        'POST /api/validate_patterns',
        'POST /api/simulate',
      ]),
    );
    const described = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((m) => ['get', 'put', 'post', 'delete', 'patch', 'head'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect([...new Set(routes)].sort()).toEqual([...new Set(described)].sort());
  });

  it('describes the simulation as NDJSON, with the problems of a profile that cannot be simulated', async () => {
    const document = await openApi();
    const post = (document.paths['/api/simulate'] as Record<string, Record<string, unknown>>).post!;
    const responses = post.responses as Record<string, { content?: Record<string, unknown> }>;
    expect(Object.keys(responses['200']!.content ?? {})).toEqual(['application/x-ndjson']);
    expect(JSON.stringify(responses['400'])).toContain('SimulationError');
  });

  it('describes the statement checks as form-encoded or JSON, answering 204 or an explanation', async () => {
    const document = await openApi();
    for (const path of ['/api/validate_templates', '/api/validate_patterns']) {
      const post = (document.paths[path] as Record<string, Record<string, unknown>>).post!;
      const content = (post.requestBody as { content: Record<string, unknown> }).content;
      expect(Object.keys(content).sort()).toEqual([
        'application/json',
        'application/x-www-form-urlencoded',
      ]);
      expect(Object.keys(post.responses as object)).toEqual(
        expect.arrayContaining(['204', '400', '404', '413', '429']),
      );
    }
  });
});
