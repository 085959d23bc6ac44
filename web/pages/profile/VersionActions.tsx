import { Alert, Button, Code, Group, Menu, Text } from '@mantine/core';
import { useState } from 'react';
import type { Profile, ProfileVersion } from '../../../common/profiles';
import { exportChangelog } from '../../api/changes';
import { exportVersion, useRequestVerification, versionDocsUrl } from '../../api/profiles';
import { feedback } from '../../lib/feedback-store';
import { DeleteProfileDialog, deleteProfileLabel } from './DeleteProfileDialog';
import { formatDate } from '../../lib/format';
import { isCurrentVersion, isMemberOf } from '../../lib/profiles';
import { publicProfilePath } from '../../lib/paths';
import { ErrorAlert, messageOf } from '../../components/parts';
import { PublishDialog } from './PublishDialog';
import { RevokeDialog } from './RevokeDialog';

export const VERIFICATION_SENT = 'The profile verification request was successfully sent.';

/** The address anyone can open to see the profile. */
export const shareLink = (profileId: string) =>
  `${window.location.origin}${publicProfilePath(profileId)}`;

async function copyText(text: string): Promise<boolean> {
  try {
    if (!('clipboard' in navigator)) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

type Dialog = 'publish' | 'revoke' | 'delete' | null;

/**
 * What can be done with the version: publish, request or revoke verification, export, share,
 * import, edit and delete, each offered only to those allowed to do it.
 */
export function VersionActions({
  profile,
  version,
  isSiteAdmin,
  onEdit,
  onImport,
  onPublished,
  onDeleted,
}: {
  profile: Profile;
  version: ProfileVersion;
  isSiteAdmin: boolean;
  onEdit: () => void;
  onImport: () => void;
  onPublished: (versionId: string) => void;
  onDeleted: () => void;
}) {
  const member = isMemberOf(profile);
  const current = isCurrentVersion(profile, version);
  const requestVerification = useRequestVerification(profile.uuid, version.uuid);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [copied, setCopied] = useState<{ link: string; ok: boolean } | null>(null);
  const [exporting, setExporting] = useState(false);

  const published = version.state === 'published';
  const canPublish = member && version.state === 'draft' && current;
  const canRequest =
    member && published && !version.isVerified && version.verificationRequest === null;
  const requested = published && !version.isVerified && version.verificationRequest !== null;

  const exportNow = () => {
    setExporting(true);
    exportVersion(profile.uuid, version.uuid)
      .catch((error: unknown) =>
        feedback.reportError({ errorType: 'Export', type: 'profiles', message: messageOf(error) }),
      )
      .finally(() => setExporting(false));
  };

  // Earlier versions this viewer may see: a changelog since each can be exported.
  const earlier = [...profile.versions]
    .filter((v) => v.version < version.version && (member || v.state === 'published'))
    .sort((a, b) => b.version - a.version);
  const exportChangesSince = (from: string) => {
    setExporting(true);
    exportChangelog(profile.uuid, from, version.uuid)
      .catch((error: unknown) =>
        feedback.reportError({ errorType: 'Export', type: 'profiles', message: messageOf(error) }),
      )
      .finally(() => setExporting(false));
  };

  const copyLink = () => {
    const link = shareLink(profile.uuid);
    void copyText(link).then((ok) => setCopied({ link, ok }));
  };

  return (
    <>
      <Group gap="xs" aria-label="Profile actions" role="toolbar">
        {canPublish && <Button onClick={() => setDialog('publish')}>Publish</Button>}
        {canRequest && (
          <Button
            variant="light"
            loading={requestVerification.isPending}
            onClick={() =>
              requestVerification.mutate(undefined, {
                onSuccess: () =>
                  feedback.showSuccess({ subject: 'Verification', message: VERIFICATION_SENT }),
              })
            }
          >
            Request verification
          </Button>
        )}
        {member && requested && (
          <Text size="sm" c="dimmed">
            Verification requested on {formatDate(version.verificationRequest)}
          </Text>
        )}
        {isSiteAdmin && version.isVerified && (
          <Button variant="light" color="red" onClick={() => setDialog('revoke')}>
            Revoke verification
          </Button>
        )}
        <Button variant="default" onClick={exportNow} loading={exporting}>
          Export to JSON-LD
        </Button>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="default">Documentation</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component="a" href={versionDocsUrl(profile.uuid, version.uuid, 'page')}>
              Open the documentation page
            </Menu.Item>
            <Menu.Item component="a" href={versionDocsUrl(profile.uuid, version.uuid, 'download')}>
              Download as HTML
            </Menu.Item>
            <Menu.Item component="a" href={versionDocsUrl(profile.uuid, version.uuid, 'markdown')}>
              Download as Markdown
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {earlier.length > 0 && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button variant="default" loading={exporting}>
                Export changelog
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Markdown</Menu.Label>
              {earlier.map((v) => (
                <Menu.Item key={v.uuid} onClick={() => exportChangesSince(v.uuid)}>
                  Changelog since version {v.version}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        <Button variant="default" onClick={copyLink}>
          Copy share link
        </Button>
        {member && current && (
          <Button variant="default" onClick={onImport}>
            Import
          </Button>
        )}
        {member && current && (
          <Button variant="default" onClick={onEdit}>
            Edit
          </Button>
        )}
        {member && (
          <Button variant="outline" color="red" onClick={() => setDialog('delete')}>
            {deleteProfileLabel(profile, version)}
          </Button>
        )}
      </Group>
      <ErrorAlert error={requestVerification.error} title="Verification not requested" />
      {copied && (
        <Alert
          color={copied.ok ? 'green' : 'blue'}
          variant="light"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setCopied(null)}
          title={copied.ok ? 'Share link copied' : 'Share link'}
        >
          <Text size="sm">
            {copied.ok ? 'The link is on your clipboard:' : 'Copy this link to share the profile:'}{' '}
            <Code style={{ wordBreak: 'break-all' }}>{copied.link}</Code>
          </Text>
        </Alert>
      )}
      {dialog === 'publish' && (
        <PublishDialog
          opened
          onClose={() => setDialog(null)}
          profile={profile}
          version={version}
          onPublished={(view) => onPublished(view.version.uuid)}
        />
      )}
      {dialog === 'revoke' && (
        <RevokeDialog
          opened
          onClose={() => setDialog(null)}
          versionUuid={version.uuid}
          profileName={version.name}
        />
      )}
      {dialog === 'delete' && (
        <DeleteProfileDialog
          opened
          onClose={() => setDialog(null)}
          profile={profile}
          version={version}
          onDeleted={onDeleted}
        />
      )}
    </>
  );
}
