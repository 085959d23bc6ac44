import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCK_TIMED_OUT_MESSAGE } from '../../common/locks';
import { resetCsrfToken } from '../api/http';
import { LOCK_ACQUIRING_MESSAGE } from '../api/locks';
import { feedback } from '../lib/feedback-store';
import { renderWithProviders } from '../test/render';
import { lockAnswer, lockedBy } from '../test/locks';
import {
  KEPT_HINT,
  REESTABLISH_LABEL,
  RETRY_LABEL,
  SAVE_WAITING_HINT,
  WriteLockGate,
} from './WriteLockGate';

const LOCK = '/app/profile/p-1/version/v-1/lock';

interface Call {
  method: string;
  url: string;
  init: RequestInit;
}

type Reply = [status: number, body: unknown];

/** A fake server for the lock: each POST takes the next reply (the last one repeats). */
function serve(posts: Array<Reply | Promise<Reply>>): Call[] {
  const calls: Call[] = [];
  let next = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      let reply: Reply = [404, { success: false, message: 'not stubbed' }];
      if (url === '/app/csrf') reply = [200, { token: 'csrf-token' }];
      else {
        calls.push({ method, url, init });
        if (method === 'POST' && url === LOCK) {
          reply = await posts[Math.min(next, posts.length - 1)]!;
          next += 1;
        } else if (method === 'DELETE' && url === LOCK) reply = [200, { success: true }];
      }
      return new Response(JSON.stringify(reply[1]), {
        status: reply[0],
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const held = (timeoutSeconds = 600): Reply => [200, lockAnswer('version:v-1', timeoutSeconds)];
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function renderGate(onLeave?: () => void) {
  return renderWithProviders(
    <WriteLockGate lockPath={LOCK} onLeave={onLeave}>
      <form aria-label="Edit form">
        <input aria-label="Name" />
      </form>
    </WriteLockGate>,
  );
}

beforeEach(() => {
  resetCsrfToken();
  feedback.reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('WriteLockGate', () => {
  it('shows the form only once the lock is held, taking it with a CSRF-protected POST', async () => {
    let grant: (reply: Reply) => void = () => {};
    const calls = serve([new Promise<Reply>((resolve) => (grant = resolve))]);
    renderGate();
    expect(await screen.findByText(LOCK_ACQUIRING_MESSAGE)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Edit form' })).toBeNull();
    // Lock calls run in the background: no loading overlay over the page.
    expect(feedback.getState().inFlight).toBe(0);
    grant(held());
    expect(await screen.findByRole('form', { name: 'Edit form' })).toBeVisible();
    expect(screen.queryByText(LOCK_ACQUIRING_MESSAGE)).toBeNull();
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]?.init.headers).toMatchObject({ 'x-csrf-token': 'csrf-token' });
  });

  it("shows the server's refusal with Retry, and the form once a retry gets the lock", async () => {
    serve([[409, lockedBy('Ada Lovelace')], held()]);
    renderGate();
    expect(await screen.findByText(/^Ada Lovelace is editing this\./)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Edit form' })).toBeNull();
    // The refusal is the screen's to show: no 'Permission Denied' in the page's error list.
    expect(feedback.getState().errors).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: RETRY_LABEL }));
    expect(await screen.findByRole('form', { name: 'Edit form' })).toBeVisible();
  });

  it('falls back to the general message when a refusal says nothing', async () => {
    serve([[409, { success: false }]]);
    renderGate();
    expect(await screen.findByRole('button', { name: RETRY_LABEL })).toBeVisible();
    expect(screen.getByText(LOCK_ACQUIRING_MESSAGE)).toBeVisible();
  });

  it('shows why a member may not edit, e.g. on a version that is no longer current', async () => {
    serve([[403, { success: false, message: 'Only the current version can be edited.' }]]);
    renderGate();
    expect(await screen.findByText('Only the current version can be edited.')).toBeVisible();
    expect(screen.getByRole('button', { name: RETRY_LABEL })).toBeVisible();
  });

  it('offers a way back when the screen gives one', async () => {
    const onLeave = vi.fn();
    serve([[409, lockedBy('Ada Lovelace')]]);
    renderGate(onLeave);
    await userEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(onLeave).toHaveBeenCalledOnce();
  });

  it('says when an idle lock ran out, keeps the form and what was typed, and takes it again only on request', async () => {
    const calls = serve([held(0.3), held()]);
    renderGate();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await act(async () => {
      await sleep(450);
    });
    // Nobody worked on the screen, so it was never renewed: it ran out, and says so.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(LOCK_TIMED_OUT_MESSAGE);
    expect(screen.getByText(LOCK_TIMED_OUT_MESSAGE)).toBeVisible();
    expect(screen.getByRole('form', { name: 'Edit form' })).toBeVisible();
    // Working on the form keeps what is typed, and does not take the lock again behind the
    // editor's back.
    await userEvent.type(name, 'typed');
    await userEvent.type(name, ' more');
    expect(name).toHaveValue('typed more');
    expect(posts(calls)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: REESTABLISH_LABEL }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText(LOCK_TIMED_OUT_MESSAGE)).toBeNull());
    expect(name).toHaveValue('typed more');
  });

  it('keeps a save pressed while the lock is lapsed, and sends it once the lock is back', async () => {
    const calls = serve([held(0.3), held()]);
    const submitted = vi.fn();
    renderWithProviders(
      <WriteLockGate lockPath={LOCK}>
        <form
          aria-label="Edit form"
          onSubmit={(event) => {
            event.preventDefault();
            submitted();
          }}
        >
          <input aria-label="Name" />
          <button type="submit">Save</button>
        </form>
      </WriteLockGate>,
    );
    await screen.findByRole('textbox', { name: 'Name' });
    await act(async () => {
      await sleep(450);
    });
    await screen.findByText(LOCK_TIMED_OUT_MESSAGE);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).not.toHaveBeenCalled();
    expect(screen.getByText(new RegExp(SAVE_WAITING_HINT))).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: REESTABLISH_LABEL }));
    await waitFor(() => expect(submitted).toHaveBeenCalledOnce());
    expect(posts(calls)).toHaveLength(2);
  });

  it('says who holds the lock when reestablishing it is refused, keeping the form read-only', async () => {
    serve([held(0.3), [409, lockedBy('Bob Builder')]]);
    renderGate();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await act(async () => {
      await sleep(450);
    });
    await userEvent.type(name, 'kept');
    await userEvent.click(await screen.findByRole('button', { name: REESTABLISH_LABEL }));
    expect(await screen.findByText(/^Bob Builder is editing this\./)).toBeVisible();
    expect(screen.getByText('Write lock unavailable')).toBeVisible();
    expect(screen.getByText(KEPT_HINT)).toBeVisible();
    expect(screen.queryByText(LOCK_TIMED_OUT_MESSAGE)).toBeNull();
    expect(name).toHaveValue('kept');
    await userEvent.type(name, 'more');
    expect(name).toHaveValue('kept');
  });

  it('renews the lock before it runs out while the editor is active', async () => {
    const calls = serve([held(0.5)]);
    renderGate();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const started = Date.now();
    // Type now and then for well over two timeouts.
    for (let i = 0; i < 12; i += 1) {
      await act(async () => {
        fireEvent.keyDown(name, { key: 'a' });
        await sleep(100);
      });
    }
    expect(screen.getByRole('form', { name: 'Edit form' })).toBeVisible();
    // Renewed about every 0.4 s (80% of the timeout), never once per keystroke.
    const renewals = posts(calls).length - 1;
    expect(renewals).toBeGreaterThanOrEqual(2);
    expect(renewals).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 400) + 1);
  });

  it('says who took the lock when a renewal is refused, keeping the form read-only', async () => {
    serve([held(0.5), [409, lockedBy('Bob Builder')]]);
    renderGate();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'kept');
    await act(async () => {
      await sleep(420);
      fireEvent.pointerDown(name);
    });
    expect(await screen.findByText(/^Bob Builder is editing this\./)).toBeVisible();
    expect(screen.getByText(KEPT_HINT)).toBeVisible();
    expect(screen.getByRole('button', { name: RETRY_LABEL })).toBeVisible();
    expect(name).toHaveValue('kept');
    await userEvent.type(name, 'more');
    expect(name).toHaveValue('kept');
  });

  it('gives the lock up when the screen closes', async () => {
    const calls = serve([held()]);
    const { unmount } = renderGate();
    await screen.findByRole('form', { name: 'Edit form' });
    unmount();
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`POST ${LOCK}`, `DELETE ${LOCK}`]),
    );
  });

  it('does not give up a lock it was refused', async () => {
    const calls = serve([[409, lockedBy('Ada Lovelace')]]);
    const { unmount } = renderGate();
    await screen.findByRole('button', { name: RETRY_LABEL });
    unmount();
    await sleep(20);
    expect(calls.map((c) => c.method)).toEqual(['POST']);
  });

  it('gives the lock up with a keepalive request when the page goes away, and retakes it if the page comes back', async () => {
    const calls = serve([held()]);
    renderGate();
    await screen.findByRole('form', { name: 'Edit form' });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    const release = calls.find((c) => c.method === 'DELETE')!;
    expect(release.url).toBe(LOCK);
    expect(release.init.keepalive).toBe(true);
    expect(release.init.headers).toMatchObject({ 'x-csrf-token': 'csrf-token' });

    const back = new Event('pageshow');
    Object.defineProperty(back, 'persisted', { value: true });
    act(() => {
      window.dispatchEvent(back);
    });
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(await screen.findByRole('form', { name: 'Edit form' })).toBeVisible();
  });
});
