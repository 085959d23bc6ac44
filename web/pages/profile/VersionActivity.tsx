import { Anchor, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import type { ActivityEntry, ActivityKind } from '../../../common/activity';
import type { ProfileVersion } from '../../../common/profiles';
import { useVersionActivity } from '../../api/history';
import type { VersionPaths } from '../../components/items/ItemsListPage';
import { ErrorAlert } from '../../components/parts';
import { ITEM_SEGMENTS } from '../../lib/paths';

/** What each kind of entry says happened, before the items it names. */
const KIND_WORDS: Record<ActivityKind, string> = {
  versionCreated: 'Version created',
  imported: 'Imported a profile document',
  created: 'Created',
  edited: 'Edited',
  restored: 'Restored an earlier revision of',
  deprecated: 'Deprecated',
  deleted: 'Deleted',
  published: 'Published',
  verificationRequested: 'Asked for verification',
  verificationApproved: 'Verified',
  verificationDenied: 'Verification denied',
  verificationRevoked: 'Verification revoked',
};

/** How many entries show at first, and how many more each "Show older" adds. */
const PAGE = 40;

function EntryItems({ entry, itemPath }: { entry: ActivityEntry; itemPath: ItemPath }) {
  return (
    <>
      {entry.items.map((item, index) => (
        <Fragment key={item.uuid}>
          {index > 0 && ', '}
          {/* A deleted item has no page to open. */}
          {entry.kind === 'deleted' ? (
            <Text span fw={500}>
              {item.name}
            </Text>
          ) : (
            <Anchor component={Link} to={itemPath(item)} fw={500}>
              {item.name}
            </Anchor>
          )}
        </Fragment>
      ))}
    </>
  );
}

type ItemPath = (item: ActivityEntry['items'][number]) => string;

function Entry({ entry, itemPath }: { entry: ActivityEntry; itemPath: ItemPath }) {
  return (
    <li>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {KIND_WORDS[entry.kind]}
        {entry.items.length > 0 && ' '}
        <EntryItems entry={entry} itemPath={itemPath} />
        {entry.kind === 'edited' && entry.count > 1 && ` (${entry.count} saves)`}
      </Text>
      {entry.detail && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Reason: {entry.detail}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
        {entry.by && ` · ${entry.by}`}
      </Text>
    </li>
  );
}

/**
 * What happened to one version, newest first: imports, edits grouped by person and minute,
 * deprecations, deletions, restores, publication and verification. The server reads it from the
 * items' revisions and the events of the lifecycle commands; who did what shows to people signed
 * in only.
 */
export function VersionActivity({
  profileId,
  version,
  paths,
}: {
  profileId: string;
  version: ProfileVersion;
  paths: VersionPaths;
}) {
  const query = useVersionActivity(profileId, version.uuid);
  const [shown, setShown] = useState(PAGE);
  const itemPath: ItemPath = (item) =>
    paths(version.uuid, `${ITEM_SEGMENTS[item.kind]}/${item.uuid}`);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="version-activity">
      <Stack gap="sm">
        <Title order={2} size="h4" id="version-activity">
          Activity in version {version.version}
        </Title>
        {query.error ? (
          <ErrorAlert error={query.error} title="Could not load the activity" />
        ) : !query.data ? (
          <Center py="md">
            <Loader role="progressbar" aria-label="Loading the activity" size="sm" />
          </Center>
        ) : query.data.activity.length === 0 ? (
          <Text c="dimmed">Nothing has happened in this version yet.</Text>
        ) : (
          <>
            <Stack
              component="ul"
              gap="sm"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={`What happened in version ${version.version}, newest first`}
            >
              {[...query.data.activity]
                .reverse()
                .slice(0, shown)
                .map((entry, index) => (
                  <Entry key={`${entry.at}-${index}`} entry={entry} itemPath={itemPath} />
                ))}
            </Stack>
            {query.data.activity.length > shown && (
              <Button
                variant="subtle"
                size="compact-sm"
                style={{ alignSelf: 'flex-start' }}
                onClick={() => setShown((n) => n + PAGE)}
              >
                Show older ({query.data.activity.length - shown} more)
              </Button>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
