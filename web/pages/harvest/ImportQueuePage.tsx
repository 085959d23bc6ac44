import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Code,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type {
  HarvestCandidate,
  HarvestFile,
  HarvestFileSummary,
  MatchState,
} from '../../../common/harvest';
import type { Profile, ProfileVersion } from '../../../common/profiles';
import {
  useAddHarvested,
  useHarvestFile,
  useHarvestQueue,
  useRemoveHarvestFile,
} from '../../api/harvest';
import { feedback } from '../../lib/feedback-store';
import type { VersionPaths } from '../../components/items/ItemsListPage';
import { createPath } from '../../components/items/TypeChooser';
import { prefillState } from '../../lib/concept-prefill';
import { ConfirmDialog, ErrorAlert } from '../../components/parts';
import { formatDate } from '../../lib/format';
import { isCurrentVersion, isMemberOf } from '../../lib/profiles';
import {
  candidateName,
  conceptTypeOfHarvested,
  groupByType,
  HARVEST_TYPE_LABELS,
  MATCH_COLORS,
  MATCH_LABELS,
  prefillOf,
} from './format';

export const EMPTY_QUEUE_MESSAGE =
  'No files are waiting in the Import Queue. Import a file of xAPI statements to see the concepts they use.';
export const NO_QUEUE_PERMISSION =
  'Only members of the working group see the Import Queue, and only on the current version of the profile.';
export const addedMessage = (name: string) => `${name} was successfully added.`;
export const removedMessage = (fileName: string) => `${fileName} was successfully removed.`;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** How a file is named in the dropdown: its name, when it came, what it held. */
export const fileLabel = (file: HarvestFileSummary) =>
  `${file.fileName} · ${formatDate(file.createdAt)} · ${plural(file.statementCount, 'statement')}, ${plural(file.candidateCount, 'concept')}${file.skippedCount > 0 ? `, ${file.skippedCount} skipped` : ''}`;

/**
 * {version}/queue: the files harvested into this version, one at a time; for the chosen file its
 * skipped statements and the concepts its statements use, by type, each with its match state and
 * what can be done about it.
 */
export function ImportQueuePage({
  profile,
  version,
  paths,
}: {
  profile: Profile;
  version: ProfileVersion;
  paths: VersionPaths;
}) {
  const allowed = isMemberOf(profile) && isCurrentVersion(profile, version);
  const queue = useHarvestQueue(profile.uuid, version.uuid, allowed);
  const [search, setSearch] = useSearchParams();
  const backPath = paths(version.uuid);

  if (!allowed) {
    return (
      <Alert color="yellow" variant="light" title="Import Queue">
        {NO_QUEUE_PERMISSION}{' '}
        <Anchor component={Link} to={backPath}>
          Go Back
        </Anchor>
      </Alert>
    );
  }

  const files = [...(queue.data?.files ?? [])].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  const wanted = search.get('file');
  const chosen = files.find((f) => f.id === wanted) ?? files[0] ?? null;
  const choose = (fileId: string | null) =>
    setSearch(fileId === null ? {} : { file: fileId }, { replace: true });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          Import Queue
        </Title>
        <Button component={Link} to={paths(version.uuid, 'import')} variant="light">
          Import another file
        </Button>
      </Group>
      {queue.error ? (
        <ErrorAlert error={queue.error} title="Could not load the Import Queue" />
      ) : !queue.data ? (
        <Center py="xl">
          <Loader role="progressbar" aria-label="Loading the Import Queue" />
        </Center>
      ) : chosen === null ? (
        <Text c="dimmed">{EMPTY_QUEUE_MESSAGE}</Text>
      ) : (
        <>
          <Select
            label="File"
            maw={640}
            allowDeselect={false}
            value={chosen.id}
            data={files.map((f) => ({ value: f.id, label: fileLabel(f) }))}
            onChange={(value) => value !== null && choose(value)}
            comboboxProps={{ withinPortal: true }}
          />
          <QueuedFile
            key={chosen.id}
            profile={profile}
            version={version}
            paths={paths}
            summary={chosen}
            onRemoved={() => choose(files.find((f) => f.id !== chosen.id)?.id ?? null)}
          />
        </>
      )}
    </Stack>
  );
}

/** One file of the queue: remove it, read its skipped statements and act on its concepts. */
function QueuedFile({
  profile,
  version,
  paths,
  summary,
  onRemoved,
}: {
  profile: Profile;
  version: ProfileVersion;
  paths: VersionPaths;
  summary: HarvestFileSummary;
  onRemoved: () => void;
}) {
  const file = useHarvestFile(profile.uuid, version.uuid, summary.id);
  const remove = useRemoveHarvestFile(profile.uuid, version.uuid);
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          {plural(summary.statementCount, 'statement')} read,{' '}
          {plural(summary.skippedCount, 'statement')} skipped,{' '}
          {plural(summary.candidateCount, 'concept')} found.
        </Text>
        <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
          Remove file
        </Button>
      </Group>
      {file.error ? (
        <ErrorAlert error={file.error} title="Could not load the file" />
      ) : !file.data ? (
        <Center py="xl">
          <Loader role="progressbar" aria-label={`Loading ${summary.fileName}`} />
        </Center>
      ) : (
        <FileContents profile={profile} version={version} paths={paths} file={file.data} />
      )}
      <ConfirmDialog
        opened={confirming}
        title="Remove file?"
        confirmLabel="Remove file"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => {
          remove.reset();
          setConfirming(false);
        }}
        onConfirm={() =>
          remove.mutate(summary.id, {
            onSuccess: () => {
              setConfirming(false);
              feedback.showSuccess({
                subject: 'File removed',
                message: removedMessage(summary.fileName),
              });
              onRemoved();
            },
          })
        }
      >
        <strong>{summary.fileName}</strong> and the concepts found in it leave the Import Queue.
        Concepts already added to the profile stay in it.
      </ConfirmDialog>
    </Stack>
  );
}

function FileContents({
  profile,
  version,
  paths,
  file,
}: {
  profile: Profile;
  version: ProfileVersion;
  paths: VersionPaths;
  file: HarvestFile;
}) {
  const groups = groupByType(file.candidates);
  return (
    <Stack gap="lg">
      {file.problems.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Title order={3} size="h4">
              Skipped statements
            </Title>
            <Text size="sm" c="dimmed">
              These statements were not read; the concepts they use are not in the queue.
            </Text>
            <Table.ScrollContainer minWidth={400}>
              <Table striped aria-label="Skipped statements">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={120}>Index in file</Table.Th>
                    <Table.Th>Reason</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {file.problems.map((problem) => (
                    <Table.Tr key={`${problem.index}-${problem.message}`}>
                      <Table.Td>{problem.index}</Table.Td>
                      <Table.Td>{problem.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Paper>
      )}
      {groups.length === 0 ? (
        <Text c="dimmed">The statements of this file use no concepts.</Text>
      ) : (
        groups.map((group) => (
          <section key={group.type} aria-labelledby={`harvest-${group.type}`}>
            <Title order={3} size="h4" mb="sm" id={`harvest-${group.type}`}>
              {HARVEST_TYPE_LABELS[group.type]} ({group.candidates.length})
            </Title>
            <Stack gap="sm">
              {group.candidates.map((candidate) => (
                <CandidateCard
                  key={candidate.key}
                  profile={profile}
                  version={version}
                  paths={paths}
                  fileId={file.id}
                  candidate={candidate}
                />
              ))}
            </Stack>
          </section>
        ))
      )}
    </Stack>
  );
}

const ALERT_COLORS: Record<MatchState, string> = { ...MATCH_COLORS, yes: 'green', no: 'blue' };

/** One concept the statements use: what it is, its match state and what can be done. */
function CandidateCard({
  profile,
  version,
  paths,
  fileId,
  candidate,
}: {
  profile: Profile;
  version: ProfileVersion;
  paths: VersionPaths;
  fileId: string;
  candidate: HarvestCandidate;
}) {
  const name = candidateName(candidate);
  // Statements need not name what they use; then the IRI is its only name, shown once.
  const named = name !== candidate.iri;
  const { state, existing } = candidate.match;
  const navigate = useNavigate();
  const add = useAddHarvested(profile.uuid, version.uuid, fileId);

  const addToProfile = () =>
    add.mutate(candidate.key, {
      onSuccess: (answer) => {
        feedback.showSuccess({ subject: 'Concept added', message: addedMessage(name) });
        // A published version got a new draft: its queue is where the work goes on.
        if (answer.versionId !== version.uuid) {
          void navigate(`${paths(answer.versionId, 'queue')}?file=${encodeURIComponent(fileId)}`);
        }
      },
    });
  const createConcept = () =>
    void navigate(
      createPath(paths(version.uuid, 'concepts'), conceptTypeOfHarvested(candidate.type)),
      { state: prefillState(prefillOf(candidate)) },
    );

  return (
    <Paper withBorder radius="md" p="md" aria-label={name} component="article">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 20rem' }}>
            <Group gap="xs">
              <Text fw={600} style={{ wordBreak: 'break-word', minWidth: 0 }}>
                {named ? (
                  name
                ) : (
                  <Code fz="sm" style={{ wordBreak: 'break-all' }}>
                    {candidate.iri}
                  </Code>
                )}
              </Text>
              <Badge color={MATCH_COLORS[state]} variant="light">
                {MATCH_LABELS[state]}
              </Badge>
            </Group>
            {named && (
              <Code style={{ wordBreak: 'break-all', alignSelf: 'flex-start' }}>
                {candidate.iri}
              </Code>
            )}
            <Text size="xs" c="dimmed">
              Used by {plural(candidate.statementCount, 'statement')}
              {existing?.profile
                ? state === 'parentless'
                  ? ` · deleted from ${existing.profile.name}`
                  : ` · defined in ${existing.profile.name}`
                : ''}
            </Text>
          </Stack>
          {state === 'yes' && (
            <Button onClick={addToProfile} loading={add.isPending}>
              Add to Profile
            </Button>
          )}
          {state === 'no' && (
            <Button variant="light" onClick={createConcept}>
              Create New Concept
            </Button>
          )}
        </Group>
        <Alert color={ALERT_COLORS[state]} variant="light" p="xs">
          <Text size="sm">
            {candidate.match.alert}
            {existing?.path && state !== 'partial' && (
              <>
                {' '}
                <Anchor component={Link} to={existing.path} size="sm">
                  Open {existing.name}
                </Anchor>
              </>
            )}
          </Text>
        </Alert>
        {state === 'partial' && <Differences candidate={candidate} />}
        <ErrorAlert error={add.error} title="Not added" />
      </Stack>
    </Paper>
  );
}

/** A partial match: what the statements say beside what the server holds, field by field. */
function Differences({ candidate }: { candidate: HarvestCandidate }) {
  const { existing, differences } = candidate.match;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={480}>
        <Table
          withTableBorder
          withColumnBorders
          aria-label={`Differences of ${candidateName(candidate)}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={160}>Field</Table.Th>
              <Table.Th>In the statements</Table.Th>
              <Table.Th>On the server</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {differences.map((difference) => (
              <Table.Tr key={difference.field}>
                <Table.Td>
                  <Code>{difference.field}</Code>
                </Table.Td>
                <Table.Td>{difference.statements || <Text c="dimmed">(none)</Text>}</Table.Td>
                <Table.Td>{difference.server || <Text c="dimmed">(none)</Text>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {existing?.path && (
        <Anchor component={Link} to={existing.path} size="sm">
          Open the stored concept {existing.name}
        </Anchor>
      )}
    </Stack>
  );
}
