import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../events/outbox';
import { webhookEventOf } from './fan-out';

const ids = { profileId: 'p', versionId: 'v' };
const version = { ...ids, versionNumber: 2, versionIri: 'https://e.org/p/v2' };
const stored = (event: Omit<StoredEvent, 'id' | 'occurredAt'>) =>
  ({ ...event, id: 'e', occurredAt: '2025-01-01T00:00:00Z' }) as StoredEvent;

describe('which domain events hooks hear of', () => {
  it.each([
    [
      stored({
        type: 'profileVersionPublished',
        payload: { ...version, profileIri: 'x', organizationId: 'o' },
      }),
      { event: 'profilePublished', draftOnly: false },
    ],
    [
      stored({
        type: 'verificationApproved',
        payload: { ...ids, requestedBy: null, decidedBy: 'a' },
      }),
      { event: 'profileVerified', draftOnly: false },
    ],
    [
      stored({
        type: 'verificationRevoked',
        payload: { ...ids, requestedBy: null, decidedBy: 'a', reason: 'r' },
      }),
      { event: 'verificationRevoked', draftOnly: false },
    ],
    [
      stored({
        type: 'itemDeprecated',
        payload: { ...ids, itemId: 'i', itemIri: 'x', kind: 'concept' },
      }),
      { event: 'conceptDeprecated', draftOnly: true },
    ],
    [
      stored({ type: 'versionCreated', payload: { ...version, basedOnVersionId: 'v1' } }),
      { event: 'draftCreated', draftOnly: true },
    ],
    [
      stored({
        type: 'profileImported',
        payload: {
          ...version,
          profileIri: 'x',
          organizationId: 'o',
          published: false,
          newProfile: true,
        },
      }),
      { event: 'draftCreated', draftOnly: true },
    ],
  ])('maps %#', (event, expected) => {
    expect(webhookEventOf(event)).toEqual({ ...expected, ...ids });
  });

  it('ignores what hooks do not hear of', () => {
    // A published import is heard through its publication, once.
    expect(
      webhookEventOf(
        stored({
          type: 'profileImported',
          payload: {
            ...version,
            profileIri: 'x',
            organizationId: 'o',
            published: true,
            newProfile: true,
          },
        }),
      ),
    ).toBeNull();
    expect(
      webhookEventOf(
        stored({
          type: 'itemDeprecated',
          payload: { ...ids, itemId: 'i', itemIri: 'x', kind: 'template' },
        }),
      ),
    ).toBeNull();
    expect(
      webhookEventOf(
        stored({ type: 'verificationRequested', payload: { ...ids, requestedBy: null } }),
      ),
    ).toBeNull();
  });
});
