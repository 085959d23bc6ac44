import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../scripts/precompress';
import { makeKeyedGroup, type KeyedGroup } from '../test/api-keys';
import { useTestApp } from '../test/app';
import { ApiClient, uniqueProfile } from '../test/public-api';
import type { FastifyRequest } from 'fastify';
import { acceptedEncoding, COMPRESSION_THRESHOLD_BYTES } from './compression';

// A built web app with one script large enough to be precompressed, as `npm run build:web` makes.
const spaDir = mkdtempSync(path.join(tmpdir(), 'xps-spa-'));
mkdirSync(path.join(spaDir, 'assets'));
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
writeFileSync(path.join(spaDir, 'assets', 'app-1a2b3c.js'), script);
writeFileSync(path.join(spaDir, 'assets', 'tiny-4d5e6f.js'), 'export const a = 1;\n');
writeFileSync(
  path.join(spaDir, 'index.html'),
  '<!doctype html><title>t</title><div id="root"></div>',
);

describe('compressed answers', () => {
  const t = useTestApp({ SPA_DIR: spaDir });
  let api: ApiClient;
  let group: KeyedGroup;

  beforeAll(async () => {
    // The build step, run on the folder before the server starts serving it.
    expect(await precompressFolder(spaDir)).toEqual([path.join('assets', 'app-1a2b3c.js')]);
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Compressors');
  });

  it('sends the precompressed script to a browser that accepts br, and gzip to one that accepts only gzip', async () => {
    const url = '/assets/app-1a2b3c.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a tiny script as it is', async () => {
    const tiny = await t.app.inject({
      method: 'GET',
      url: '/assets/tiny-4d5e6f.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export const a = 1;\n');
  });

  it('compresses JSON answers above the threshold and leaves smaller ones alone', async () => {
    const large = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(large.rawPayload).toString()) as {
      openapi: string;
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(large.rawPayload.length).toBeLessThan(
      JSON.stringify(document).length - COMPRESSION_THRESHOLD_BYTES,
    );

    const small = await t.app.inject({
      method: 'GET',
      url: '/app/csrf',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('token');
  });

  it('gives a compressed document its own ETag and still answers 304 to either tag', async () => {
    // Read once the node has heard the import's change, which empties its cache.
    const { metadata } = await api.importHeard(group.keys.readWrite, uniqueProfile().doc);
    const url = `/api/profile/${metadata.version_uuid}`;
    const plain = await api.get(url);
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const tag = plain.headers.etag as string;
    expect(tag).toMatch(/^"[^"]+"$/);

    const gz = await api.get(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toBe(`${tag.slice(0, -1)}-gzip"`);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const again = await api.get(url, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': gz.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(gz.headers.etag);
    const plainAgain = await api.get(url, { headers: { 'if-none-match': tag } });
    expect(plainAgain.statusCode).toBe(304);
    expect(plainAgain.headers.etag).toBe(tag);
  });

  it('compresses a published document once per encoding and serves the kept bytes after that', async () => {
    const cache = t.app.services.readCache;
    // The bytes are counted once the node has heard the import's change, which empties its cache.
    const { metadata } = await api.importHeard(group.keys.readWrite, uniqueProfile().doc);
    const url = `/api/profile/${metadata.version_uuid}`;
    const plain = await api.get(url);
    const keptBefore = cache.stats().bytes;

    const br = await api.get(url, { headers: { 'accept-encoding': 'gzip;q=0.5, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-br"`);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    // The compressed copy is kept with the document (and counted against its memory budget)…
    const keptAfter = t.app.services.readCache.stats().bytes;
    expect(keptAfter).toBe(keptBefore + br.rawPayload.length);
    // …so the next request gets the same bytes without compressing again.
    const brAgain = await api.get(url, { headers: { 'accept-encoding': 'br' } });
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(t.app.services.readCache.stats().bytes).toBe(keptAfter);

    // The client's weights decide: gzip preferred, br refused.
    const gz = await api.get(url, { headers: { 'accept-encoding': 'br;q=0.1, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const refused = await api.get(url, { headers: { 'accept-encoding': 'br;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });
});

describe('acceptedEncoding', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

  it('picks the accepted encoding of highest weight, br first on a tie, none when refused', () => {
    expect(acceptedEncoding(request({}))).toBeNull();
    expect(acceptedEncoding(request({ 'accept-encoding': 'gzip, deflate, br' }))).toBe('br');
    expect(acceptedEncoding(request({ 'accept-encoding': 'gzip, br;q=0.9' }))).toBe('gzip');
    expect(acceptedEncoding(request({ 'accept-encoding': 'deflate' }))).toBeNull();
    expect(acceptedEncoding(request({ 'accept-encoding': 'identity' }))).toBeNull();
    expect(acceptedEncoding(request({ 'accept-encoding': '*' }))).toBe('br');
    expect(acceptedEncoding(request({ 'accept-encoding': '*, br;q=0' }))).toBe('gzip');
    expect(acceptedEncoding(request({ 'accept-encoding': 'BR' }))).toBe('br');
    expect(
      acceptedEncoding(request({ 'accept-encoding': 'br', 'x-no-compression': '1' })),
    ).toBeNull();
  });
});
