import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Profile, ProfileVersion } from '../../../common/profiles';
import { formatDate } from '../../lib/format';
import { isCurrentVersion, latestVersionUuid } from '../../lib/profiles';
import { UNKNOWN_USER, VerifyDialog } from '../../components/VerifyDialog';

export const DRAFT_BANNER = 'This version is a DRAFT. It is not public until it is published.';
export const OLDER_VERSION_BANNER = 'You are viewing an older version of this profile.';
export const DRAFT_FOLLOWS_BANNER =
  'This is the newest published version. A draft of the next version follows it: changes are made there.';

/** Who asked for verification and when, as the pending-verification banner says it. */
export function pendingVerificationText(version: ProfileVersion): string {
  return `This version was sent for verification by ${version.verificationRequestedBy ?? UNKNOWN_USER} on ${formatDate(version.verificationRequest)}.`;
}

/** Draft, older-version and (for site admins) pending-verification notices. */
export function VersionBanners({
  profile,
  version,
  isSiteAdmin,
  versionPath,
}: {
  profile: Profile;
  version: ProfileVersion;
  isSiteAdmin: boolean;
  versionPath: (versionId: string) => string;
}) {
  const [verifying, setVerifying] = useState(false);
  const latest = latestVersionUuid(profile);
  // With a draft after it, the newest published version is not old: it is what the public reads.
  const newestPublished = profile.currentPublishedVersion?.uuid === version.uuid;
  const pending =
    isSiteAdmin &&
    version.state === 'published' &&
    !version.isVerified &&
    version.verificationRequest !== null;

  return (
    <>
      {version.state === 'draft' && (
        <Alert color="yellow" variant="light" title="Draft">
          {DRAFT_BANNER}
        </Alert>
      )}
      {!isCurrentVersion(profile, version) && latest !== undefined && newestPublished && (
        <Alert color="blue" variant="light" title="Newest published version">
          {DRAFT_FOLLOWS_BANNER}{' '}
          <Anchor component={Link} to={versionPath(latest)}>
            Go to the draft
          </Anchor>
        </Alert>
      )}
      {!isCurrentVersion(profile, version) && latest !== undefined && !newestPublished && (
        <Alert color="orange" variant="light" title="Older version">
          {OLDER_VERSION_BANNER}{' '}
          <Anchor component={Link} to={versionPath(latest)}>
            Go to the latest version
          </Anchor>
        </Alert>
      )}
      {pending && (
        <Alert color="blue" variant="light" title="Verification requested">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{pendingVerificationText(version)}</Text>
            <Button size="xs" onClick={() => setVerifying(true)}>
              Verify profile
            </Button>
          </Group>
          <VerifyDialog
            opened={verifying}
            onClose={() => setVerifying(false)}
            versionUuid={version.uuid}
            profileName={version.name}
            version={version.version}
          />
        </Alert>
      )}
    </>
  );
}
