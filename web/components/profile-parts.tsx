import {
  Alert,
  Badge,
  Group,
  List,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { VersionState } from '../../common/profiles';
import type { Finding } from '../api/profiles';
import { Pager as PageButtons } from './Pager';

export function VerifiedBadge({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color="teal" variant="filled" size={size}>
      Verified
    </Badge>
  );
}

/** A small check mark for tables: the profile's current version was reviewed by site admins. */
export function VerifiedIcon() {
  return (
    <Tooltip label="Verified">
      <ThemeIcon color="teal" size="sm" radius="xl" role="img" aria-label="Verified">
        <Text span fz={11} fw={700} c="white" aria-hidden>
          ✓
        </Text>
      </ThemeIcon>
    </Tooltip>
  );
}

export const STATE_LABELS: Record<VersionState, string> = {
  draft: 'Draft',
  published: 'Published',
};

export function StateBadge({ state }: { state: VersionState }) {
  return (
    <Badge color={state === 'draft' ? 'orange' : 'blue'} variant="light">
      {STATE_LABELS[state]}
    </Badge>
  );
}

/** A column header that sorts the table; clicking it again reverses the order. */
export function SortableHeader<Key extends string>({
  label,
  column,
  sort,
  onSort,
  numeric = false,
}: {
  label: string;
  column: Key;
  sort: { key: Key; descending: boolean };
  onSort: (column: Key) => void;
  numeric?: boolean;
}) {
  const active = sort.key === column;
  const ariaSort = active ? (sort.descending ? 'descending' : 'ascending') : 'none';
  return (
    <Table.Th aria-sort={ariaSort} ta={numeric ? 'right' : undefined}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap" justify={numeric ? 'flex-end' : undefined}>
          {label}
          <Text span c={active ? undefined : 'dimmed'} fz="xs" aria-hidden>
            {active ? (sort.descending ? '▼' : '▲') : '↕'}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Page numbers under a list answered a page at a time; nothing when everything fits on one. */
export function Pager({
  page,
  total,
  limit,
  onChange,
}: {
  page: number;
  total: number;
  limit: number;
  onChange: (page: number) => void;
}) {
  return (
    <PageButtons
      page={page}
      pageCount={Math.max(1, Math.ceil(total / limit))}
      onChange={onChange}
    />
  );
}

/** The validator's findings on a document the server would not publish. */
export function FindingsList({ findings }: { findings: Finding[] }) {
  if (findings.length === 0) return null;
  return (
    <Alert color="red" variant="light" title="The profile has problems to fix before publishing">
      <List size="sm" spacing={6} aria-label="Problems found">
        {findings.map((finding, index) => (
          <List.Item key={`${finding.ruleId}-${finding.path}-${index}`}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <Badge
                size="xs"
                variant="light"
                color={finding.severity === 'error' ? 'red' : 'yellow'}
                style={{ flexShrink: 0 }}
              >
                {finding.severity}
              </Badge>
              <Text size="sm" span>
                {finding.message}{' '}
                <Text span size="xs" c="dimmed">
                  ({finding.ruleId}
                  {finding.path !== '' ? ` at ${finding.path}` : ''})
                </Text>
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
