import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewThread } from '../../../common/reviews';
import type { WebhookEvent } from '../../../common/webhooks';
import { useTestApp } from '../../test/app';
import { addMember, callsOf, makeGroup, makeProfile } from '../../test/authoring';
import { createHook, webhooksSettled } from '../../test/webhooks';
import { startReceiver, type Receiver } from '../../test/webhook-receiver';

const t = useTestApp({
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '20ms,40ms',
});
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

const events: WebhookEvent[] = [
  'reviewRequested',
  'reviewApproved',
  'reviewChangesRequested',
  'reviewThreadResolved',
];

describe('review events reach the group’s own hooks only', () => {
  it('delivers each to a member’s hook, naming the version only, and nothing to another group’s', async () => {
    const { org, admin } = await makeGroup(t.app, t.database);
    const reviewer = await addMember(t.app, t.database, org.id);
    const second = await addMember(t.app, t.database, org.id);
    const other = await makeGroup(t.app, t.database);
    for (const event of events) {
      await createHook(t.app, admin.cookie, { target: receiver.url(`/ours/${event}`), event });
      await createHook(t.app, other.admin.cookie, {
        target: receiver.url(`/theirs/${event}`),
        event,
      });
    }
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const version = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
    const a = callsOf(t.app, admin.cookie);
    const r = callsOf(t.app, reviewer.cookie);
    const s = callsOf(t.app, second.cookie);
    await a.post(`${version}/review/requests`, {
      reviewers: [reviewer.user.username, second.user.username],
    });
    const thread = (await r.post(`${version}/review/threads`, { body: 'A secret remark.' })).json<{
      thread: ReviewThread;
    }>().thread;
    await r.post(`${version}/review/decision`, { decision: 'changes', message: 'Fix it.' });
    await a.post(`${version}/review/threads/${thread.id}/resolve`);
    await s.post(`${version}/review/decision`, { decision: 'approve' });
    await webhooksSettled(t.database);

    const ours = receiver.received.filter((x) => x.url.startsWith('/ours/'));
    expect(ours.map((x) => x.url).sort()).toEqual(events.map((e) => `/ours/${e}`).sort());
    expect(receiver.received.filter((x) => x.url.startsWith('/theirs/'))).toEqual([]);
    for (const delivery of ours) {
      const body = delivery.raw.toString('utf8');
      const payload = JSON.parse(body) as { event: string; profile: { uuid: string } };
      expect(delivery.url).toBe(`/ours/${payload.event}`);
      expect(payload.profile.uuid).toBe(view.profile.uuid);
      for (const secret of [
        'secret remark',
        'Fix it',
        reviewer.user.username!,
        second.user.username!,
      ])
        expect(body).not.toContain(secret);
    }
  });
});
