import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildWhenChanged, isUpToDate, TARGETS, type BuildTarget } from './build-when-changed';

/** A repository of a few sources and a build that writes its output and counts its runs. */
describe('npm start builds only what changed', () => {
  let base: string;
  let builds: string[];
  const target: BuildTarget = {
    name: 'web app',
    inputs: ['web', 'common', 'package-lock.json'],
    output: 'dist/web/index.html',
    script: 'build:web',
  };
  const build = async (t: BuildTarget) => {
    builds.push(t.script);
    await mkdir(path.join(base, 'dist/web'), { recursive: true });
    await writeFile(path.join(base, t.output), '<!doctype html>');
  };
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(base, file)), { recursive: true });
    await writeFile(path.join(base, file), text);
  };

  beforeEach(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'build-when-changed-'));
    builds = [];
    await write('web/main.tsx', 'render();');
    await write('web/pages/Home.tsx', 'export const Home = 1;');
    await write('common/limits.ts', 'export const MAX = 1;');
    await write('package-lock.json', '{}');
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it('builds the first time, then not again until a source changes', async () => {
    expect(await buildWhenChanged(base, target, build)).toBe(true);
    expect(await buildWhenChanged(base, target, build)).toBe(false);
    // Touching a file without changing it (a checkout of the same commit) changes nothing.
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(base, 'web/main.tsx'), later, later);
    expect(await buildWhenChanged(base, target, build)).toBe(false);
    await write('common/limits.ts', 'export const MAX = 2;');
    expect(await buildWhenChanged(base, target, build)).toBe(true);
    expect(await buildWhenChanged(base, target, build)).toBe(false);
    expect(builds).toEqual(['build:web', 'build:web']);
  });

  it('tells whether the output is made from the sources as they are now, building nothing', async () => {
    expect(await isUpToDate(base, target)).toBe(false);
    await buildWhenChanged(base, target, build);
    expect(await isUpToDate(base, target)).toBe(true);
    await write('web/pages/Home.tsx', 'export const Home = 2;');
    expect(await isUpToDate(base, target)).toBe(false);
    await buildWhenChanged(base, target, build);
    await rm(path.join(base, target.output));
    expect(await isUpToDate(base, target)).toBe(false);
    expect(builds).toEqual(['build:web', 'build:web']);
  });

  it('builds again for a new, removed or renamed file and for new packages, not for a test file', async () => {
    await buildWhenChanged(base, target, build);
    await write('web/pages/Home.test.tsx', 'it();');
    expect(await buildWhenChanged(base, target, build)).toBe(false);
    await write('web/pages/About.tsx', 'export const About = 1;');
    expect(await buildWhenChanged(base, target, build)).toBe(true);
    await rm(path.join(base, 'web/pages/About.tsx'));
    expect(await buildWhenChanged(base, target, build)).toBe(true);
    await rm(path.join(base, 'web/pages/Home.tsx'));
    await write('web/pages/Start.tsx', 'export const Home = 1;');
    expect(await buildWhenChanged(base, target, build)).toBe(true);
    await write('package-lock.json', '{"lockfileVersion":3}');
    expect(await buildWhenChanged(base, target, build)).toBe(true);
    expect(builds).toHaveLength(5);
  });

  it('builds again when the output is gone, and records nothing when a build fails', async () => {
    await buildWhenChanged(base, target, build);
    await rm(path.join(base, 'dist/web'), { recursive: true });
    expect(await buildWhenChanged(base, target, build)).toBe(true);
    await write('web/main.tsx', 'broken(');
    const failing = () => Promise.reject(new Error('the build failed'));
    await expect(buildWhenChanged(base, target, failing)).rejects.toThrow('the build failed');
    // The failed build left its output in place, but the next start tries again.
    expect(await buildWhenChanged(base, target, build)).toBe(true);
  });

  it('makes the web app from the web sources and the server from its own, both from the shared parts', () => {
    const [web, server] = TARGETS;
    expect(web!.inputs).toEqual(
      expect.arrayContaining(['web', 'common', 'xapi', 'package-lock.json']),
    );
    expect(web!.inputs).not.toContain('server');
    expect(server!.inputs).toEqual(
      expect.arrayContaining(['server', 'common', 'xapi', 'package-lock.json']),
    );
    expect(server!.inputs).not.toContain('web');
  });
});
