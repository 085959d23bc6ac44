import { Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  conceptTypeOfProperty,
  DETERMINING_PROPERTY_LABELS,
  SINGLE_VALUED_PROPERTIES,
  type DeterminingProperty,
} from '../../../../common/templates';
import { CONCEPT_PAGE_SIZE, useConceptSearch } from '../../../api/concepts';
import {
  ItemSearch,
  SelectedItems,
  useSearchState,
  type Picked,
} from '../../../components/items/AddItems';
import { ConceptResultRow } from '../../../components/items/ConceptResultRow';
import { ConceptPanel } from '../../../components/items/ConceptPanel';
import { CONCEPT_TYPE_LABELS } from '../../../components/items/concept-format';
import { ProblemsAlert } from '../TemplateScreen';

export type PickedConcept = Picked;

export const SCOPE_LABELS = { all: 'All profiles', profile: 'In this profile only' } as const;

/** verb and objectActivityType name one concept: a second choice replaces the first. */
export const singleValued = (property: DeterminingProperty) =>
  SINGLE_VALUED_PROPERTIES.includes(property);

/** The next selection after clicking a concept: in or out, and only one for single-valued properties. */
export function toggleConcept(
  selected: readonly PickedConcept[],
  concept: PickedConcept,
  single: boolean,
): PickedConcept[] {
  if (selected.some((c) => c.uuid === concept.uuid))
    return selected.filter((c) => c.uuid !== concept.uuid);
  return single ? [concept] : [...selected, concept];
}

/**
 * Step 2 of a determining property: search concepts of the property's kind (all profiles or this
 * one; drafts of other profiles are not offered), choose one (verb, object activity type) or
 * several, and save. The save button waits for a choice.
 */
export function ConceptPicker({
  property,
  versionId,
  initial,
  submitLabel,
  busy,
  error,
  conflict,
  onSubmit,
  onCancel,
  onBack,
}: {
  property: DeterminingProperty;
  versionId: string;
  initial: PickedConcept[];
  submitLabel: string;
  busy: boolean;
  error: unknown;
  /** A save that ran into someone else's, shown beside the choice (see `ConflictOf`). */
  conflict?: ReactNode;
  onSubmit: (concepts: PickedConcept[]) => void;
  onCancel: () => void;
  onBack?: (() => void) | undefined;
}) {
  const conceptType = conceptTypeOfProperty(property);
  const label = DETERMINING_PROPERTY_LABELS[property];
  const single = singleValued(property);
  const [selected, setSelected] = useState<PickedConcept[]>(initial);
  const [scope, setScope] = useState<'all' | 'profile'>('all');
  const state = useSearchState();
  const { search, page } = state;
  const results = useConceptSearch(
    { search, page, versionId, conceptType, scope, includeListed: true },
    search !== '',
  );
  const kind = CONCEPT_TYPE_LABELS[conceptType];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={760}>
        {single
          ? `A ${label} determining property names one ${kind} concept: choosing another replaces it.`
          : `Choose the ${kind} concepts of the ${label} determining property.`}
      </Text>
      <Radio.Group
        label="Search in"
        value={scope}
        onChange={(value) => {
          setScope(value === 'profile' ? 'profile' : 'all');
          state.setPage(1);
        }}
      >
        <Group gap="lg" mt={6}>
          <Radio value="all" label={SCOPE_LABELS.all} />
          <Radio value="profile" label={SCOPE_LABELS.profile} />
        </Group>
      </Radio.Group>
      <ItemSearch
        noun="concept"
        plural="concepts"
        subject={`${kind.toLowerCase()} concepts`}
        state={state}
        results={{
          data: results.data && { ...results.data, rows: results.data.concepts },
          error: results.error,
        }}
        pageSize={CONCEPT_PAGE_SIZE}
        selected={selected}
        onToggle={(concept) => setSelected((list) => toggleConcept(list, concept, single))}
        afterForm={
          <Paper withBorder radius="md" p="md" component="section" aria-label="Selected concepts">
            <Stack gap="xs">
              <Text fw={600} size="sm">
                Selected ({selected.length})
              </Text>
              <SelectedItems
                selected={selected}
                onRemove={(c) => setSelected((list) => list.filter((x) => x.uuid !== c.uuid))}
              />
              <ProblemsAlert error={error} title="Determining property not saved" />
              {conflict}
              <Group justify="space-between" gap="sm">
                <div>
                  {onBack && (
                    <Button variant="default" onClick={onBack}>
                      Back
                    </Button>
                  )}
                </div>
                <Group gap="sm">
                  <Button variant="default" onClick={onCancel}>
                    Cancel
                  </Button>
                  <Button
                    disabled={selected.length === 0}
                    loading={busy}
                    onClick={() => onSubmit(selected)}
                  >
                    {submitLabel}
                  </Button>
                </Group>
              </Group>
            </Stack>
          </Paper>
        }
        renderRow={(concept, pick) => (
          <ConceptResultRow key={concept.uuid} concept={concept} {...pick} />
        )}
        renderPanel={(id, close) => <ConceptPanel conceptId={id} onClose={close} />}
      />
    </Stack>
  );
}
