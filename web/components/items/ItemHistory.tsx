import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { HistoryEntry } from '../../../common/history';
import {
  useItemHistory,
  useItemRevision,
  useRestoreRevision,
  useRevisionComparison,
} from '../../api/history';

const CHANGE_LABELS: Record<HistoryEntry['change'], string> = {
  created: 'Created',
  changed: 'Changed',
  deprecated: 'Deprecated',
  undeprecated: 'Deprecation withdrawn',
  restored: 'Restored',
};

const shown = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function whenOf(entry: { savedAt: string }) {
  return new Date(entry.savedAt).toLocaleString();
}

function versionLabel(entry: HistoryEntry) {
  return entry.version
    ? `Version ${entry.version.version}${entry.version.state === 'draft' ? ' (draft)' : ''}`
    : 'A version no longer kept';
}

/** The field changes of one step or of a comparison. */
function FieldChanges({ fields, label }: { fields: HistoryEntry['fields']; label: string }) {
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No field changes.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Field</Table.Th>
            <Table.Th scope="col">Before</Table.Th>
            <Table.Th scope="col">After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => (
            <Table.Tr key={f.field}>
              <Table.Td>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {f.field}
                </Text>
                <Text size="xs" c="dimmed">
                  {f.description}
                </Text>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(f.before)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(f.after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * An item's History: every revision the viewer may see, newest first, with who saved it, when,
 * in which version and what changed; one opened read-only, two compared, and in the current
 * version a Restore that saves an earlier revision's content as a new one.
 */
export function ItemHistory({
  itemUrl,
  revision,
  onRestored,
}: {
  /** The item in the version on screen: `/app/profile/…/{plural}/{id}`. */
  itemUrl: string;
  /** The revision the page shows: a restore is based on it. */
  revision: string;
  onRestored: (versionId: string) => void;
}) {
  // Read when asked for: most visits to an item's page are about its content.
  const [shown, setShown] = useState(false);
  const history = useItemHistory(itemUrl, shown);
  const [opened, setOpened] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const revisionView = useItemRevision(itemUrl, opened);
  const compared = useRevisionComparison(itemUrl, from, to);
  const restore = useRestoreRevision(itemUrl);
  const entries = shown ? (history.data?.history ?? []) : [];
  const options = entries.map((e, i) => ({
    value: e.revision,
    label: `#${entries.length - i} · ${CHANGE_LABELS[e.change]} · ${whenOf(e)}`,
  }));

  return (
    <Stack gap="sm" component="section" aria-labelledby="item-history-title">
      <Group gap="sm">
        <Title order={3} size="h4" id="item-history-title">
          History
        </Title>
        <Button
          size="xs"
          variant="subtle"
          aria-expanded={shown}
          aria-controls="item-history-list"
          onClick={() => setShown(!shown)}
        >
          {shown ? 'Hide history' : 'Show history'}
        </Button>
      </Group>
      {shown && history.isPending && <Text size="sm">Loading the history…</Text>}
      {history.isError && (
        <Alert color="red" title="The history could not be loaded">
          {history.error.message}
        </Alert>
      )}
      {restore.isError && (
        <Alert color="red" title="Not restored">
          {restore.error.message}
        </Alert>
      )}
      <Stack
        gap="md"
        component="ol"
        id="item-history-list"
        style={{ listStyle: 'none', paddingInlineStart: 0 }}
      >
        {entries.map((entry, i) => (
          <Stack
            key={entry.revision}
            component="li"
            gap={6}
            p="sm"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
          >
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>#{entries.length - i}</Text>
              <Badge variant="light">{CHANGE_LABELS[entry.change]}</Badge>
              {entry.current && (
                <Badge variant="outline" color="green">
                  Shown here
                </Badge>
              )}
              <Text size="sm">{versionLabel(entry)}</Text>
            </Group>
            <Text size="sm">
              {whenOf(entry)}
              {entry.savedBy ? ` · ${entry.savedBy}` : ''}
            </Text>
            {entry.change !== 'created' && (
              <FieldChanges
                fields={entry.fields}
                label={`Changes of revision ${entries.length - i}`}
              />
            )}
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                onClick={() => setOpened(opened === entry.revision ? null : entry.revision)}
                aria-expanded={opened === entry.revision}
              >
                {opened === entry.revision ? 'Close' : 'Open'} revision {entries.length - i}
              </Button>
              {history.data?.canRestore &&
                !entry.current &&
                history.data.unrestorable.includes(entry.revision) && (
                  <Text size="xs" c="dimmed">
                    Cannot be restored: it differs in what the published version fixes.
                  </Text>
                )}
              {history.data?.canRestore &&
                !entry.current &&
                !history.data.unrestorable.includes(entry.revision) && (
                  <Button
                    size="xs"
                    variant="outline"
                    loading={restore.isPending}
                    onClick={() =>
                      restore.mutate(
                        { revisionId: entry.revision, basedOn: revision },
                        { onSuccess: (change) => onRestored(change.versionId) },
                      )
                    }
                  >
                    Restore revision {entries.length - i}
                  </Button>
                )}
            </Group>
            {opened === entry.revision && revisionView.data && (
              <Code block aria-label={`Revision ${entries.length - i}, read-only`}>
                {JSON.stringify(revisionView.data.revision.content, null, 2)}
              </Code>
            )}
          </Stack>
        ))}
      </Stack>
      {entries.length > 1 && (
        <Stack gap="xs" component="section" aria-labelledby="item-compare-title">
          <Title order={4} size="h5" id="item-compare-title">
            Compare two revisions
          </Title>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select label="From" data={options} value={from} onChange={setFrom} w={280} />
            <Select label="To" data={options} value={to} onChange={setTo} w={280} />
          </Group>
          {compared.data && (
            <FieldChanges fields={compared.data.fields} label="Changes between the two revisions" />
          )}
        </Stack>
      )}
    </Stack>
  );
}
