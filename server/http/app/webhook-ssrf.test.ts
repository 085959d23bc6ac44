import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { callsOf } from '../../test/authoring';
import { eventually } from '../../test/jobs';
import { makePerson } from '../../test/people';
import { startReceiver, type Receiver } from '../../test/webhook-receiver';
import { createHook } from '../../test/webhooks';

// The default configuration: private targets are refused.
const t = useTestApp();

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

describe('webhook targets without the private-target override', () => {
  it.each([
    ['loopback', 'http://127.0.0.1:8080/hook'],
    ['another loopback address', 'http://127.9.9.9/hook'],
    ['a private network', 'http://10.1.2.3/hook'],
    ['another private network', 'https://192.168.0.10/hook'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]:8080/hook'],
    ['IPv4 mapped in IPv6', 'http://[::ffff:127.0.0.1]/hook'],
    ['IPv4-compatible IPv6', 'http://[::127.0.0.1]/hook'],
    ['IPv4-translated IPv6', 'http://[::ffff:0:7f00:1]/hook'],
    ['6to4 of loopback', 'http://[2002:7f00:1::1]/hook'],
    ['an IPv4 documentation address', 'http://203.0.113.5/hook'],
    ['the unspecified address', 'http://0.0.0.0/hook'],
    ['a multicast address', 'http://224.0.0.1/hook'],
  ])('refuses %s at save time (%s)', async (_what, target) => {
    const me = await makePerson(t.database.db, t.app.services.sessions);
    const response = await callsOf(t.app, me.cookie).post('/app/user/hooks', {
      target,
      description: 'inside',
      subject: 'myGroups',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/refused/);
  });

  it('refuses other schemes and credentials in the URL', async () => {
    const me = await makePerson(t.database.db, t.app.services.sessions);
    const calls = callsOf(t.app, me.cookie);
    for (const target of [
      'file:///etc/passwd',
      'gopher://example.org/',
      'https://u:p@example.org/',
    ]) {
      const response = await calls.post('/app/user/hooks', {
        target,
        description: 'odd',
        subject: 'myGroups',
      });
      expect(response.statusCode, target).toBe(400);
    }
  });

  it('fails a delivery to a name that resolves to loopback, saying why, and sends nothing', async () => {
    const me = await makePerson(t.database.db, t.app.services.sessions);
    const hook = await createHook(t.app, me.cookie, {
      target: `http://localhost:${receiver.port}/named`,
    });
    const test = await callsOf(t.app, me.cookie).post(`/app/user/hooks/${hook.id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    const failed = await eventually('the delivery failed', async () => {
      const [row] = await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.hookId, hook.id));
      return row?.status === 'failed' ? row : null;
    });
    expect(failed.error).toMatch(/Refused: localhost resolves to .*(127\.0\.0\.1|::1)/);
    // A refusal is final: no retry is scheduled.
    expect(failed.attempts).toBe(1);
    expect(receiver.received).toHaveLength(0);
  });
});
