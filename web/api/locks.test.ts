import { render, screen, waitFor } from '@testing-library/react';
import { createElement, StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../lib/feedback-store';
import { PERMISSION_DENIED_MESSAGE, request, resetCsrfToken } from './http';
import { releaseWriteLock, useWriteLock, versionLockPath } from './locks';

const LOCK = versionLockPath('p-1', 'v-1');

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * A fake server holding one lock, answering after a few milliseconds; it records when each call
 * started and ended, so tests can see whether calls overlapped.
 */
function lockServer() {
  const log: Array<{ method: string; start: number; end: number }> = [];
  let holder: string | null = null;
  let clock = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/app/csrf') return json(200, { token: 'tok' });
      const method = init.method ?? 'GET';
      const entry = { method, start: (clock += 1), end: 0 };
      log.push(entry);
      // The release is quicker than the acquisition: unordered, it would overtake it.
      await new Promise((resolve) => setTimeout(resolve, method === 'POST' ? 15 : 1));
      entry.end = clock += 1;
      if (method === 'POST') {
        holder = 'me';
        return json(200, {
          success: true,
          lock: { resource: 'version:v-1', expiresAt: '2030-01-01T00:00:00Z', timeoutSeconds: 600 },
        });
      }
      holder = null;
      return json(200, { success: true });
    }),
  );
  return { log, holder: () => holder };
}

beforeEach(() => {
  resetCsrfToken();
  feedback.reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('useWriteLock', () => {
  it('names the lock of a version', () => {
    expect(versionLockPath('a b', 'c')).toBe('/app/profile/a%20b/version/c/lock');
  });

  it('sends the calls of one lock one after the other, so a quick remount keeps the lock', async () => {
    const server = lockServer();
    function Screen() {
      return createElement('p', null, useWriteLock(LOCK).state);
    }
    render(createElement(StrictMode, null, createElement(Screen)));
    await waitFor(() => expect(server.log).toHaveLength(3));
    expect(await screen.findByText('held')).toBeVisible();
    // Development mounts twice: take, give up, take again — each after the one before ended.
    expect(server.log.map((c) => c.method)).toEqual(['POST', 'DELETE', 'POST']);
    for (let i = 1; i < server.log.length; i += 1)
      expect(server.log[i]!.start).toBeGreaterThan(server.log[i - 1]!.end);
    await waitFor(() => expect(server.holder()).toBe('me'));
  });
});

describe('lock calls through the fetch wrapper', () => {
  it('answer a 409 without a Permission Denied notice, unlike other changes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/app/csrf'
          ? json(200, { token: 'tok' })
          : json(409, { success: false, code: 'RESOURCE_LOCKED', message: 'held' }),
      ),
    );
    await expect(request('POST', LOCK)).resolves.toMatchObject({ message: 'held' });
    expect(feedback.getState().errors).toEqual([]);
    await request('POST', '/app/profile/p-1/version/v-1/publish');
    expect(feedback.getState().errors).toEqual([
      expect.objectContaining({ message: PERMISSION_DENIED_MESSAGE }),
    ]);
  });

  it('never fail when giving a lock up', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/app/csrf' ? json(200, { token: 'tok' }) : json(500, { message: 'down' }),
      ),
    );
    await expect(releaseWriteLock(LOCK)).resolves.toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/app/csrf'
          ? json(200, { token: 'tok' })
          : Promise.reject(new TypeError('offline')),
      ),
    );
    await expect(releaseWriteLock(LOCK)).resolves.toBeUndefined();
    expect(feedback.getState().errors).toEqual([]);
  });
});
