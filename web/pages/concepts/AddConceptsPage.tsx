import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { REQUIRED } from '../../../common/profiles';
import type { ConceptRow } from '../../../common/concepts';
import { CONCEPT_PAGE_SIZE, useConceptSearch, useLinkConcepts } from '../../api/concepts';
import { feedback } from '../../app/feedback-store';
import { ErrorAlert, Pager } from '../profile/parts';
import { ConceptPanel } from './ConceptPanel';
import { InfoButton, StatusBadge } from './ConceptsTable';
import { CONCEPT_TYPE_LABELS } from './format';
import { useConceptScope } from './scope';

export const NO_RESULTS_MESSAGE = 'No results found';
export const ADDED_MESSAGE = 'The selected concepts were added to the profile.';

/**
 * A search box whose text is required ('Required' when empty); `subject` names what is searched
 * ('concepts', 'statement templates') in its label, button and landmark.
 */
export function SearchForm({
  onSearch,
  subject = 'concepts',
}: {
  onSearch: (text: string) => void;
  subject?: string;
}) {
  const title = subject.replace(/(^|\s)\S/g, (c) => c.toUpperCase());
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value === '') {
      setError(REQUIRED);
      return;
    }
    setError(null);
    onSearch(value);
  };
  return (
    <form onSubmit={submit} role="search" aria-label={`Search ${subject}`} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={`Search ${subject}`}
          placeholder="Name, description or IRI"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          maxLength={200}
          withAsterisk
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" mt={25}>
          {`Search ${title}`}
        </Button>
      </Group>
    </form>
  );
}

function ResultRow({
  concept,
  checked,
  onToggle,
  onInfo,
}: {
  concept: ConceptRow;
  checked: boolean;
  onToggle: () => void;
  onInfo: () => void;
}) {
  return (
    <Paper withBorder radius="sm" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Checkbox
          mt={3}
          checked={checked}
          onChange={onToggle}
          aria-label={`Select ${concept.name}`}
        />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {concept.name}
            </Text>
            <Badge variant="light" color="gray" size="sm">
              {CONCEPT_TYPE_LABELS[concept.conceptType]}
            </Badge>
            <StatusBadge status={concept.status} />
          </Group>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {concept.iri}
          </Text>
          <Text size="sm" lineClamp={2}>
            {concept.description}
          </Text>
          {concept.parentProfile && (
            <Text size="xs" c="dimmed">
              {concept.parentProfile.name} · {concept.parentProfile.organization.name}
            </Text>
          )}
        </Stack>
        <InfoButton name={concept.name} onClick={onInfo} />
      </Group>
    </Paper>
  );
}

/** A concept found by a search, with a checkbox and its side panel; other searches show it too. */
export { ResultRow as ConceptResultRow };

/**
 * {base}/concepts/add: search the server's concepts (leaving out what the version lists already
 * and other profiles' drafts), select several and add them to the version. A published version
 * gets a new draft, which then opens.
 */
export function AddConceptsPage() {
  const scope = useConceptScope();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ConceptRow[]>([]);
  const [panel, setPanel] = useState<string | null>(null);
  const results = useConceptSearch({ search, page, versionId: scope.version.uuid }, search !== '');
  const link = useLinkConcepts(scope.profile.uuid, scope.version.uuid);

  const isSelected = (id: string) => selected.some((c) => c.uuid === id);
  const toggle = (concept: ConceptRow) =>
    setSelected((list) =>
      list.some((c) => c.uuid === concept.uuid)
        ? list.filter((c) => c.uuid !== concept.uuid)
        : [...list, concept],
    );

  const add = () =>
    link.mutate(
      selected.map((c) => c.uuid),
      {
        onSuccess: (change) => {
          feedback.showSuccess({ subject: 'Concepts added', message: ADDED_MESSAGE });
          void navigate(scope.listPath(change.versionId));
        },
      },
    );

  const data = results.data;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={scope.listPath()} size="sm">
          Concepts
        </Anchor>
        <Text size="sm" c="dimmed">
          Add Existing Concepts
        </Text>
      </Breadcrumbs>
      <Title order={2} size="h3">
        Add Existing Concepts
      </Title>
      <Text size="sm" c="dimmed" maw={760}>
        Find concepts defined in other profiles and list them in this one. They stay owned, and
        edited, by the profile that defines them.
      </Text>
      <SearchForm
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />

      <Paper withBorder radius="md" p="md" component="section" aria-label="Selected concepts">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Selected ({selected.length})
          </Text>
          {selected.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing selected yet.
            </Text>
          ) : (
            <Group gap={6}>
              {selected.map((c) => (
                <Badge
                  key={c.uuid}
                  variant="light"
                  size="lg"
                  tt="none"
                  rightSection={
                    <CloseButton
                      size="xs"
                      aria-label={`Remove ${c.name} from the selection`}
                      onClick={() => toggle(c)}
                    />
                  }
                >
                  {c.name}
                </Badge>
              ))}
            </Group>
          )}
          <ErrorAlert error={link.error} title="Not added" />
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={scope.listPath()} variant="default">
              Cancel
            </Button>
            <Button disabled={selected.length === 0} loading={link.isPending} onClick={add}>
              Add Selected to Profile
            </Button>
          </Group>
        </Stack>
      </Paper>

      <ErrorAlert error={results.error} title="Could not search the concepts" />
      {search !== '' && data && (
        <Stack gap="sm" component="section" aria-label="Search results">
          <Text size="sm" c="dimmed">
            {data.total === 0
              ? NO_RESULTS_MESSAGE
              : `${data.total} ${data.total === 1 ? 'concept' : 'concepts'} for “${search}”`}
          </Text>
          {data.concepts.length > 0 && (
            <Stack gap="xs" component="ul" p={0} m={0}>
              {data.concepts.map((concept) => (
                <ResultRow
                  key={concept.uuid}
                  concept={concept}
                  checked={isSelected(concept.uuid)}
                  onToggle={() => toggle(concept)}
                  onInfo={() => setPanel(concept.uuid)}
                />
              ))}
            </Stack>
          )}
          <Pager
            page={page}
            total={data.total}
            limit={data.limit || CONCEPT_PAGE_SIZE}
            onChange={setPage}
          />
        </Stack>
      )}
      <ConceptPanel conceptId={panel} onClose={() => setPanel(null)} />
    </Stack>
  );
}
