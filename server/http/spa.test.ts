import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';

// A built web app, as `npm run build:web` leaves it.
const spaDir = mkdtempSync(path.join(tmpdir(), 'xps-spa-'));
mkdirSync(path.join(spaDir, 'assets'));
writeFileSync(path.join(spaDir, 'assets', 'index-1a2b3c.js'), 'export const a = 1;\n');
writeFileSync(path.join(spaDir, 'assets', 'Page-4d5e6f.js'), 'export const Page = 1;\n');
writeFileSync(
  path.join(spaDir, 'index.html'),
  '<!doctype html><title>t</title><div id="root"></div>',
);

/** How a browser asks for a module script: any type, not HTML. */
const SCRIPT = { accept: '*/*' };

describe('the built web app', () => {
  const t = useTestApp({ SPA_DIR: spaDir });

  it('serves the page for a client-side route and a built script as a script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/user/hooks', headers: SCRIPT });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const script = await t.app.inject({ method: 'GET', url: '/assets/Page-4d5e6f.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['cache-control']).toContain('immutable');
  });

  it('answers 404, never the page, for an asset that is not there', async () => {
    for (const url of ['/assets/Page-000000.js', '/assets/style-000000.css', '/assets/']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: SCRIPT });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).not.toContain('text/html');
    }
    const browser = await t.app.inject({
      method: 'GET',
      url: '/assets/Page-000000.js',
      headers: { accept: 'text/html,*/*' },
    });
    expect(browser.statusCode).toBe(404);
  });

  it('answers 404 for a script a rebuild removed, and serves one a rebuild added', async () => {
    // The rebuild, under the running server: the old chunk goes, a new one comes.
    rmSync(path.join(spaDir, 'assets', 'Page-4d5e6f.js'));
    writeFileSync(path.join(spaDir, 'assets', 'Page-7a8b9c.js'), 'export const Page = 2;\n');
    const gone = await t.app.inject({
      method: 'GET',
      url: '/assets/Page-4d5e6f.js',
      headers: SCRIPT,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).not.toContain('text/html');
    const added = await t.app.inject({
      method: 'GET',
      url: '/assets/Page-7a8b9c.js',
      headers: SCRIPT,
    });
    expect(added.statusCode).toBe(200);
    expect(added.headers['content-type']).toContain('javascript');
    expect(added.body).toBe('export const Page = 2;\n');
    expect(added.headers['cache-control']).toContain('immutable');
  });

  it('serves nothing outside the assets folder through an asset path', async () => {
    for (const url of ['/assets/..%2Findex.html', '/assets/.hidden', '/assets/sub/x.js']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: SCRIPT });
      expect(answer.statusCode, url).toBe(404);
    }
  });
});
