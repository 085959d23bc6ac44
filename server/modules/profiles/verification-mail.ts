import type { Db } from '../../db/client';
import type { StoredEvent } from '../events/outbox';
import type { MailMessage } from '../mail/mailer';
import { findUser, findVersion } from './repo';

type OutcomeEvent = Extract<
  StoredEvent,
  { type: 'verificationApproved' | 'verificationDenied' | 'verificationRevoked' }
>;

/** The mail that tells the requester what became of their verification request, if they exist. */
export async function verificationOutcomeMail(
  db: Db,
  event: OutcomeEvent,
  siteUrl: string,
): Promise<MailMessage | null> {
  const requester = await findUser(db, event.payload.requestedBy);
  const version = await findVersion(db, event.payload.versionId);
  if (!requester || !version) return null;
  const named = `"${version.name}" (version ${version.version})`;
  const text =
    event.type === 'verificationApproved'
      ? `The submission of ${named} for verification is approved. The profile is now verified.`
      : event.type === 'verificationDenied'
        ? `The submission of ${named} for verification is not approved.\n\nReason: ${event.payload.reason}`
        : `The verification of ${named} was revoked.\n\nReason: ${event.payload.reason}`;
  return {
    to: requester.email,
    subject: `Verification of ${version.name}`,
    text: `${text}\n\n${siteUrl}/profile/${version.profileId}\n\n— xAPI Profile Server`,
  };
}
