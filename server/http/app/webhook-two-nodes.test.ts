import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema';
import { makeKeyedGroup } from '../../test/api-keys';
import { ApiClient, uniqueProfile } from '../../test/public-api';
import { startTwoNodes, type TwoNodes } from '../../test/two-nodes';
import { startReceiver, type Receiver } from '../../test/webhook-receiver';
import { createHook, webhooksSettled } from '../../test/webhooks';

const baseUrl = process.env.TEST_DATABASE_URL;

/** Both nodes run the job runner: each event still reaches each hook once. */
describe.skipIf(!baseUrl)('webhooks on two nodes of one PostgreSQL database', () => {
  let nodes: TwoNodes;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    nodes = await startTwoNodes({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  });
  afterAll(async () => {
    await nodes?.close();
    await receiver?.close();
  });

  it('delivers each publication once to each hook', async () => {
    const group = await makeKeyedGroup(nodes.a);
    const hooks = [
      await createHook(nodes.a, group.cookie, { target: receiver.url('/one') }),
      await createHook(nodes.b, group.cookie, { target: receiver.url('/two') }),
    ];
    // Publications through both nodes.
    for (const node of [nodes.a, nodes.b, nodes.a, nodes.b])
      await new ApiClient(node).import(group.keys.readWrite, uniqueProfile().doc);
    await webhooksSettled(nodes.database);
    for (const [index, hook] of hooks.entries()) {
      const path = index === 0 ? '/one' : '/two';
      const requests = receiver.received.filter((r) => r.url === path);
      expect(requests).toHaveLength(4);
      expect(new Set(requests.map((r) => r.headers['x-webhook-delivery'])).size).toBe(4);
      const rows = await nodes.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.hookId, hook.id));
      expect(rows.map((r) => r.status)).toEqual(Array(4).fill('delivered'));
    }
  });
});
