import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPreferencesResponse } from '../../../common/notifications';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { pendingNotifications } from '../../db/schema';
import type { MailMessage } from '../../modules/mail/mailer';
import { notify, sendDueNotifications, setDelivery } from '../../modules/notifications';
import type { Services } from '../../services';
import { testConfig } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { createTestDatabase } from '../../test/database';
import { makePerson } from '../../test/people';
import { startSmtpCapture } from '../../test/smtp';

let app: FastifyInstance & { services: Services };
let database: Database;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://profiles.example.org',
      // The app's own job mails as soon as it polls; the batching is tested below by calling
      // the job's function with the timing it is given.
      NOTIFICATION_BATCH_SECONDS: '0',
    }),
    database,
    logger: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await smtp?.close();
});

type Answer = NotificationPreferencesResponse;

const person = () => makePerson(database.db, app.services.sessions);

/** A browser signed in as the person whose session cookie is given. */
function browserOf(cookie: string) {
  const browser = new TestBrowser(app);
  return {
    get: (url: string) => browser.request('GET', url, undefined, cookie),
    request: (method: 'PUT', url: string, payload: unknown) =>
      browser.request(method, url, payload, cookie),
  };
}

/** Runs the job's work once with a fake mail queue, as a node's run would. */
async function runOnce(timing: { batchSeconds: number; digestSeconds: number }) {
  const queued: MailMessage[] = [];
  const mails = await sendDueNotifications({
    db: database.db,
    siteUrl: 'https://profiles.example.org',
    timing,
    queueMail: async (_tx, message) => {
      queued.push(message);
    },
  });
  return { mails, queued };
}

const pendingOf = (userId: string) =>
  database.db.select().from(pendingNotifications).where(eq(pendingNotifications.userId, userId));

describe('GET and PUT /app/user/notifications', () => {
  it('asks for a session', async () => {
    const anonymous = new TestBrowser(app);
    expect((await anonymous.get('/app/user/notifications')).statusCode).toBe(401);
    const put = await anonymous.request('PUT', '/app/user/notifications', { delivery: 'none' });
    expect(put.statusCode).toBe(401);
  });

  it('answers immediate until a choice is made, then the choice, for that person only', async () => {
    const a = await person();
    const b = await person();
    const browser = browserOf(a.cookie);
    const first = await browser.get('/app/user/notifications');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ success: true, preferences: { delivery: 'immediate' } });

    const put = await browser.request('PUT', '/app/user/notifications', { delivery: 'daily' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ success: true, preferences: { delivery: 'daily' } });
    expect((await browser.get('/app/user/notifications')).json<Answer>().preferences.delivery).toBe(
      'daily',
    );
    const other = await browserOf(b.cookie).get('/app/user/notifications');
    expect(other.json<Answer>().preferences.delivery).toBe('immediate');
  });

  it('refuses a value it does not know and a change without the CSRF token', async () => {
    const a = await person();
    const browser = browserOf(a.cookie);
    const bad = await browser.request('PUT', '/app/user/notifications', { delivery: 'hourly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ success: boolean }>().success).toBe(false);
    const extra = await browser.request('PUT', '/app/user/notifications', {
      delivery: 'none',
      other: 1,
    });
    expect(extra.statusCode).toBeLessThan(500);
    const forged = await app.inject({
      method: 'PUT',
      url: '/app/user/notifications',
      headers: { cookie: a.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ delivery: 'none' }),
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe('notify and the notifications job', () => {
  it('writes a row only when the transaction commits, and none for a person who chose none', async () => {
    const a = await person();
    const quiet = await person();
    await setDelivery(database.db, quiet.user.id, 'none');
    await expect(
      database.db.transaction(async (tx) => {
        await notify(tx, [a.user.id], { kind: 'test', text: 'rolled back', link: null });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await pendingOf(a.user.id)).toHaveLength(0);

    const written = await database.db.transaction((tx) =>
      notify(tx, [a.user.id, a.user.id, quiet.user.id], {
        kind: 'test',
        text: 'kept',
        link: '/profile/x',
      }),
    );
    expect(written).toBe(1);
    expect(await pendingOf(a.user.id)).toHaveLength(1);
    expect(await pendingOf(quiet.user.id)).toHaveLength(0);
    await database.db.delete(pendingNotifications);
  });

  it('refuses a link that is not a path on the site', async () => {
    const a = await person();
    await expect(
      notify(database.db, [a.user.id], {
        kind: 'test',
        text: 'x',
        link: 'https://elsewhere.example',
      }),
    ).rejects.toThrow(/path on the site/);
  });

  it('mails a burst as one mail once the oldest has waited the batch time, and only once', async () => {
    // The app's own job runs too: stop it from taking these rows by holding them as not due.
    await app.services.jobs.stop();
    try {
      const a = await person();
      for (const text of ['first reply', 'second reply', 'third reply'])
        await notify(database.db, [a.user.id], { kind: 'replied', text, link: '/review/1' });

      expect((await runOnce({ batchSeconds: 3600, digestSeconds: 86_400 })).mails).toBe(0);
      expect(await pendingOf(a.user.id)).toHaveLength(3);

      const { mails, queued } = await runOnce({ batchSeconds: 0, digestSeconds: 86_400 });
      expect(mails).toBe(1);
      const [mail] = queued.filter((m) => m.to === a.user.email);
      expect(mail?.subject).toBe('3 updates on the xAPI Profile Server');
      expect(mail?.text).toMatch(
        /- first reply\n {2}https:\/\/profiles\.example\.org\/review\/1\n- second reply[\s\S]*- third reply/,
      );
      expect(mail?.text).toContain('https://profiles.example.org/user/account');
      expect(await pendingOf(a.user.id)).toHaveLength(0);
      expect((await runOnce({ batchSeconds: 0, digestSeconds: 0 })).mails).toBe(0);
    } finally {
      await app.services.jobs.start();
    }
  });

  it('keeps a daily reader’s notifications for the digest and drops them when turned off', async () => {
    await app.services.jobs.stop();
    try {
      const daily = await person();
      const turnedOff = await person();
      await setDelivery(database.db, daily.user.id, 'daily');
      await notify(database.db, [daily.user.id, turnedOff.user.id], {
        kind: 'mentioned',
        text: 'You were mentioned',
        link: null,
      });
      await setDelivery(database.db, turnedOff.user.id, 'none');
      expect(await pendingOf(turnedOff.user.id)).toHaveLength(0);

      const early = await runOnce({ batchSeconds: 0, digestSeconds: 3600 });
      expect(early.queued.filter((m) => m.to === daily.user.email)).toHaveLength(0);
      expect(await pendingOf(daily.user.id)).toHaveLength(1);

      // A day later (the row's time moved back rather than the clock forward).
      await database.db
        .update(pendingNotifications)
        .set({ createdAt: sql`now() - interval '2 hours'` })
        .where(eq(pendingNotifications.userId, daily.user.id));
      const due = await runOnce({ batchSeconds: 0, digestSeconds: 3600 });
      const digest = due.queued.find((m) => m.to === daily.user.email);
      expect(digest?.subject).toBe('Your daily digest: 1 update');
      expect(digest?.text).toContain('- You were mentioned');
      expect(digest?.text).toContain('once a day');
    } finally {
      await app.services.jobs.start();
    }
  });

  it('reaches the person by real mail through the app’s job', async () => {
    const a = await person();
    await database.db.transaction((tx) =>
      notify(tx, [a.user.id], {
        kind: 'reviewRequested',
        text: 'Ada asked you to review a draft',
        link: '/profile/p/version/v',
      }),
    );
    await smtp.waitFor(a.user.email, /Ada asked you to review a draft/, 20_000);
    const [mail] = smtp.mailsTo(a.user.email);
    expect(mail?.subject).toBe('Ada asked you to review a draft');
    expect(mail?.text).toContain('https://profiles.example.org/profile/p/version/v');
    expect(await pendingOf(a.user.id)).toHaveLength(0);
  });
});
