import {
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConceptList, ConceptRow, ConceptType } from '../../../../common/concepts';
import { conceptKeys, useConceptSearch } from '../../../api/concepts';
import { http } from '../../../api/http';
import { ErrorAlert } from '../../../components/parts';
import { CONCEPT_TYPE_LABELS } from '../../../components/items/concept-format';

export const NO_TERMS_FOUND = 'No results found';
const SHOWN = 10;

const enc = encodeURIComponent;

/**
 * Every concept the version lists (its own and linked ones), for relating concepts of the same
 * profile: the site search leaves out what the version lists, so these are matched here.
 */
function useVersionTerms(profileId: string, versionId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...conceptKeys.ofVersion(profileId, versionId), 'terms'],
    queryFn: () =>
      http.get<ConceptList>(
        `/app/profile/${enc(profileId)}/version/${enc(versionId)}/concepts?page=1&limit=100&sort=name`,
      ),
    enabled,
    staleTime: 30_000,
  });
}

const matches = (row: ConceptRow, text: string) => {
  const wanted = text.trim().toLowerCase();
  return row.name.toLowerCase().includes(wanted) || row.iri.toLowerCase().includes(wanted);
};

/**
 * Finds concepts of one kind to relate to or recommend: the version's own concepts and those of
 * published profiles, never deprecated ones nor those in `exclude` (the concept itself and the
 * terms already chosen).
 */
export function TermSearch({
  label,
  description,
  conceptType,
  profileId,
  versionId,
  exclude,
  onPick,
}: {
  label: string;
  description: string;
  conceptType: ConceptType;
  profileId: string;
  versionId: string;
  exclude: readonly string[];
  onPick: (row: ConceptRow) => void;
}) {
  const [text, setText] = useState('');
  const [settled] = useDebouncedValue(text.trim(), 300);
  const active = settled !== '';
  const remote = useConceptSearch({ search: settled, page: 1, conceptType }, active);
  const own = useVersionTerms(profileId, versionId, active);
  const excluded = new Set(exclude);
  const seen = new Set<string>();
  const rows = [
    ...(own.data?.concepts ?? []).filter(
      (row) => row.conceptType === conceptType && matches(row, settled),
    ),
    ...(remote.data?.concepts ?? []),
  ].filter((row) => {
    if (seen.has(row.uuid) || excluded.has(row.iri) || row.status === 'Deprecated') return false;
    seen.add(row.uuid);
    return true;
  });
  const loading = active && (remote.isFetching || own.isFetching);

  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        description={description}
        placeholder={`Search ${CONCEPT_TYPE_LABELS[conceptType]} concepts by name or IRI`}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter searches as typing does; it never submits the concept form.
          if (event.key === 'Enter') event.preventDefault();
        }}
        rightSection={
          loading ? <Loader role="progressbar" size="xs" aria-label="Searching" /> : null
        }
        type="search"
      />
      <ErrorAlert error={remote.error ?? own.error} title="Search failed" />
      {active && !loading && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {NO_TERMS_FOUND}
        </Text>
      )}
      {active && rows.length > 0 && (
        <Paper withBorder radius="sm">
          <ScrollArea.Autosize mah={320}>
            <Stack gap={0} role="list" aria-label={`${label} results`}>
              {rows.slice(0, SHOWN).map((row, index) => (
                <Group
                  key={row.uuid}
                  role="listitem"
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  px="sm"
                  py={6}
                  style={
                    index === 0
                      ? undefined
                      : { borderTop: '1px solid var(--mantine-color-default-border)' }
                  }
                >
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600} truncate>
                        {row.name}
                      </Text>
                      {row.parentProfile?.uuid === profileId && (
                        <Badge size="xs" variant="light">
                          This profile
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed" truncate>
                      {row.iri}
                    </Text>
                    {row.parentProfile && row.parentProfile.uuid !== profileId && (
                      <Text size="xs" c="dimmed" truncate>
                        {row.parentProfile.name}
                      </Text>
                    )}
                  </Stack>
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => {
                      onPick(row);
                      setText('');
                    }}
                    aria-label={`Add ${row.name}`}
                  >
                    Add
                  </Button>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
      )}
    </Stack>
  );
}
