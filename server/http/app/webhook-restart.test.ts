import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app';
import type { Database } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';
import { testConfig } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { eventually } from '../../test/jobs';
import { makePerson } from '../../test/people';
import { startReceiver } from '../../test/webhook-receiver';
import { webhookDeliverJob } from '../../jobs/webhook-deliver';

describe('a webhook delivery across a restart', () => {
  const open: { app?: BuiltApp; database?: Database } = {};
  afterAll(async () => {
    await open.app?.close();
    await open.database?.close();
  });

  it('completes its retry schedule on the app built after the first one closed', async () => {
    const receiver = await startReceiver([500, 200]);
    try {
      const config = testConfig({
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        // Long enough for the first app to close before the retry is due.
        WEBHOOK_RETRY_SCHEDULE: '5s',
      });
      const database = await createTestDatabase();
      open.database = database;
      const first = await buildApp({ config, database, logger: false });
      open.app = first;
      const me = await makePerson(database.db, first.services.sessions);
      const hook = await first.services.webhooks.create(me.user, {
        target: receiver.url('/restart'),
        description: 'Restart',
        subject: 'myGroups',
        signatureMethod: 'none',
        isEnabled: true,
        event: 'profilePublished',
      });
      const delivery = await first.services.webhooks.sendTest(me.user, hook.id);
      const row = () =>
        database.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, delivery.id))
          .then((rows) => rows[0]);
      await eventually('the first attempt failed and a retry is scheduled', async () => {
        const current = await row();
        return current?.status === 'pending' && current.attempts === 1;
      });
      await first.close();
      open.app = undefined;
      expect(receiver.received).toHaveLength(1);

      const second = await buildApp({ config, database, logger: false });
      open.app = second;
      const done = await eventually('the delivery completed on the new app', async () => {
        const current = await row();
        return current?.status === 'delivered' ? current : null;
      });
      expect(done).toMatchObject({ attempts: 2, statusCode: 200 });
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]!.headers['x-webhook-delivery']).toBe(delivery.id);
      expect(receiver.received[1]!.raw.equals(receiver.received[0]!.raw)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('counts the attempt made again after a node died in the middle of one', async () => {
    await open.app?.close();
    await open.database?.close();
    const receiver = await startReceiver([200]);
    try {
      const config = testConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
      const database = await createTestDatabase();
      open.database = database;
      const app = await buildApp({ config, database, logger: false });
      open.app = app;
      const me = await makePerson(database.db, app.services.sessions);
      const hook = await app.services.webhooks.create(me.user, {
        target: receiver.url('/died'),
        description: 'Died mid-POST',
        subject: 'myGroups',
        signatureMethod: 'none',
        isEnabled: true,
        event: 'profilePublished',
      });
      // A delivery as a node killed during its first POST leaves it: under way, one attempt
      // counted; the receiver may or may not have had it. Its job then runs again.
      const [dead] = await database.db
        .insert(webhookDeliveries)
        .values({
          hookId: hook.id,
          kind: 'test',
          event: 'profilePublished',
          payload: {} as never,
          status: 'sending',
          attempts: 1,
        })
        .returning();
      await app.services.jobs.send(webhookDeliverJob, { deliveryId: dead!.id, attempt: 1 });
      const done = await eventually('the attempt made again delivered', async () => {
        const [current] = await database.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, dead!.id));
        return current?.status === 'delivered' ? current : null;
      });
      expect(done.attempts).toBe(2);
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.headers['x-webhook-delivery']).toBe(dead!.id);
    } finally {
      await receiver.close();
    }
  });
});
