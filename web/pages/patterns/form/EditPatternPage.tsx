import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  componentProblems,
  PATTERN_LIMITED_EDIT_MESSAGE,
  PATTERN_TYPE_LABELS,
  type PatternChange,
  type PatternType,
  type PatternView,
} from '../../../../common/patterns';
import { useFetchVersionPattern, useUpdatePattern, useVersionPattern } from '../../../api/patterns';
import { feedback } from '../../../lib/feedback-store';
import {
  ConflictOf,
  differencesOf,
  otherThanConflict,
  useEditConflict,
} from '../../../components/EditConflict';
import { ItemCrumbs } from '../../../components/items/ItemCrumbs';
import { ItemEditFrame } from '../../../components/items/ItemEditFrame';
import { itemFields } from '../../../components/items/types';
import { EditableItem } from '../../../components/items/LoadedItem';
import { DiscardChangesDialog } from '../../../components/DiscardChangesDialog';
import { ComponentPanel } from '../ComponentPanel';
import { patternDialogs } from '../dialogs';
import type { PanelTarget } from '../PatternFields';
import { usePatternScope } from '../scope';
import { ChosenComponents, ComponentProblems } from './ChosenComponents';
import { ComponentPicker } from './ComponentPicker';
import { CHOSEN_LABEL } from './CreatePatternPage';
import { detailsErrors, detailsResolver } from './details';
import { DescriptiveFields, DetailsFields } from './DetailsFields';
import { RefusalAlert } from './RefusalAlert';
import {
  chosenOf,
  detailsOf,
  editInput,
  withComponent,
  type ChosenComponent,
  type DetailsValues,
} from './values';

export const SAVED_MESSAGE = 'Your changes to the pattern have been saved.';
export const NO_TYPE_MESSAGE =
  'This pattern has no type this editor knows, so it cannot be edited here.';
export const unknownComponentsMessage = (count: number) =>
  `${count} ${count === 1 ? 'component names an IRI' : 'components name IRIs'} this server does not know; saving leaves ${count === 1 ? 'it' : 'them'} out.`;

interface EditProps {
  view: PatternView;
  type: PatternType;
  busy: boolean;
  error: unknown;
  onSave: (input: NonNullable<ReturnType<typeof editInput>>) => void;
  onCancel: () => void;
}

/**
 * The form's buttons: Cancel (asking first when something changed) and Save Changes. The forms
 * are sections rather than form elements: the component search inside is a form of its own.
 */
function FormButtons({
  changed,
  valid,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  changed: boolean;
  valid: boolean;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const [discarding, setDiscarding] = useState(false);
  return (
    <>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">{children}</Group>
        <Group gap="sm">
          <Button variant="default" onClick={() => (changed ? setDiscarding(true) : onCancel())}>
            Cancel
          </Button>
          <Button loading={busy} disabled={!valid} onClick={onSubmit}>
            Save Changes
          </Button>
        </Group>
      </Group>
      <DiscardChangesDialog
        opened={discarding}
        subject="pattern"
        onKeep={() => setDiscarding(false)}
        onDiscard={() => {
          setDiscarding(false);
          onCancel();
        }}
      />
    </>
  );
}

/**
 * A published pattern: only its translations, tags and more information may change, on one
 * screen. Everything else is sent as it is. It may be deprecated, not deleted.
 */
function LimitedPatternForm({
  view,
  type,
  busy,
  error,
  onSave,
  onCancel,
  onDeprecate,
}: EditProps & { onDeprecate: () => void }) {
  const { pattern } = view;
  const [initial] = useState(() => detailsOf(pattern));
  const [chosen] = useState(() => chosenOf(pattern.components).chosen);
  const form = useForm<DetailsValues>({
    resolver: detailsResolver('edit', type),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const hasErrors = Object.keys(form.formState.errors).length > 0;
  const submit = form.handleSubmit((values) => {
    const input = editInput(values, chosen);
    if (input) onSave(input);
  });
  return (
    <Stack gap="lg" component="section" aria-label="Edit Pattern">
      <Alert color="yellow" variant="light" title="Published pattern">
        {PATTERN_LIMITED_EDIT_MESSAGE}
      </Alert>
      <DescriptiveFields form={form} />
      <RefusalAlert error={error} title="Pattern Not Saved" />
      <FormButtons
        changed={form.formState.isDirty}
        valid={!hasErrors}
        busy={busy}
        onSubmit={() => void submit()}
        onCancel={onCancel}
      >
        <Button variant="outline" color="orange" onClick={onDeprecate}>
          Deprecate
        </Button>
      </FormButtons>
    </Stack>
  );
}

/**
 * A pattern no published version lists yet: its details, primary or secondary, and its
 * components, found and put in order as when creating it. Deprecate and Delete are here too.
 */
function FullPatternForm({
  view,
  type,
  busy,
  error,
  onSave,
  onCancel,
  onDeprecate,
  onDelete,
}: EditProps & { onDeprecate: () => void; onDelete: () => void }) {
  const scope = usePatternScope();
  const { pattern } = view;
  const [initial] = useState(() => detailsOf(pattern));
  const [known] = useState(() => chosenOf(pattern.components));
  const [chosen, setChosen] = useState<ChosenComponent[]>(known.chosen);
  const [panel, setPanel] = useState<PanelTarget | null>(null);
  const form = useForm<DetailsValues>({
    resolver: detailsResolver('edit', type),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const watched = useWatch({ control: form.control });
  const details = { ...initial, ...watched } as DetailsValues;
  const problems = componentProblems(type, details.primary, chosen);
  const valid =
    Object.keys(detailsErrors('edit', type, details)).length === 0 && problems.length === 0;
  const componentsChanged =
    chosen.length !== known.chosen.length ||
    chosen.some((c, i) => c.componentId !== known.chosen[i]?.componentId);
  const submit = form.handleSubmit((values) => {
    if (problems.length > 0) return;
    const input = editInput(values, chosen);
    if (input) onSave(input);
  });

  return (
    <Stack gap="lg" component="section" aria-label="Edit Pattern">
      <Title order={3} size="h4">
        {PATTERN_TYPE_LABELS[type]} Pattern Details
      </Title>
      <DetailsFields form={form} profileIri={scope.profile.iri} iri={pattern.iri} />
      <Title order={3} size="h4">
        Components
      </Title>
      {known.unknown > 0 && (
        <Alert color="yellow" variant="light">
          {unknownComponentsMessage(known.unknown)}
        </Alert>
      )}
      <ComponentPicker
        type={type}
        versionId={scope.version.uuid}
        patternId={pattern.uuid}
        onAdd={(component) => setChosen((list) => withComponent(type, list, component))}
        onInfo={setPanel}
      />
      <ChosenComponents
        label={CHOSEN_LABEL}
        components={chosen}
        onChange={setChosen}
        removable
        reorderable={type === 'sequence'}
      />
      <ComponentProblems problems={problems} />
      <RefusalAlert error={error} title="Pattern Not Saved" />
      <FormButtons
        changed={form.formState.isDirty || componentsChanged}
        valid={valid}
        busy={busy}
        onSubmit={() => void submit()}
        onCancel={onCancel}
      >
        <Button variant="outline" color="orange" onClick={onDeprecate}>
          Deprecate
        </Button>
        <Button variant="outline" color="red" onClick={onDelete}>
          Delete pattern
        </Button>
      </FormButtons>
      <ComponentPanel target={panel} onClose={() => setPanel(null)} />
    </Stack>
  );
}

type EditInput = NonNullable<ReturnType<typeof editInput>>;

/**
 * A pattern's edit request as a person compares it: its components by name (those of `views`,
 * where known), the rest as sent.
 */
function readable(input: EditInput, views: readonly PatternView[]) {
  const names = new Map(
    views.flatMap((v) => v.pattern.components).map((c) => [c.uuid, c.name ?? c.iri] as const),
  );
  return {
    ...input,
    components: input.components.map((c) => names.get(c.componentId) ?? c.componentId),
  };
}

/** A saved pattern as its edit form sends it back unchanged. */
const savedInput = (view: PatternView): EditInput => {
  const {
    iriType: _iriType,
    extiri: _extiri,
    geniri: _geniri,
    ...details
  } = detailsOf(view.pattern);
  const components = chosenOf(view.pattern.components).chosen.map((c) => ({
    componentType: c.componentType,
    componentId: c.componentId,
  }));
  return { ...details, components };
};

function EditPattern({ view, type }: { view: PatternView; type: PatternType }) {
  const scope = usePatternScope();
  const navigate = useNavigate();
  const { profile, version } = scope;
  const { pattern } = view;
  const update = useUpdatePattern(profile.uuid, version.uuid, pattern.uuid);
  const fetchLatest = useFetchVersionPattern(profile.uuid, version.uuid, pattern.uuid);
  const detail = (change: PatternChange) =>
    scope.patternPath(change.pattern.uuid, '', change.versionId);
  const edit = useEditConflict({
    revision: pattern.revision,
    // The answer is awaited, not handed to mutate(): the refresh that follows a save may close
    // this form (the version on screen is no longer the current one) before it.
    send: (input: EditInput, basedOn: string) => update.mutateAsync({ input, basedOn }),
    latest: async () => {
      const latest = await fetchLatest();
      return { revision: latest.pattern.revision, values: latest };
    },
    onSaved: (change) => {
      feedback.showSuccess({ subject: 'Pattern saved', message: SAVED_MESSAGE });
      void navigate(detail(change));
    },
  });
  const props: EditProps = {
    view: edit.refill?.values ?? view,
    type,
    busy: update.isPending,
    error: otherThanConflict(update.error),
    onSave: edit.save,
    onCancel: () => void navigate(scope.patternPath(pattern.uuid)),
  };

  return (
    <ItemEditFrame
      kind={patternDialogs}
      target={{
        profileId: profile.uuid,
        versionId: version.uuid,
        itemId: pattern.uuid,
        name: pattern.name,
        revision: edit.basedOn,
        fields: itemFields(pattern),
      }}
      onLeave={() => void navigate(scope.patternPath(pattern.uuid))}
      onDeprecated={(change) => void navigate(detail(change))}
      onDeleted={(change) => void navigate(scope.paths(change.versionId))}
    >
      {(open) => (
        <Stack gap="md">
          <ConflictOf
            edit={edit}
            compare={(theirs, mine) =>
              differencesOf(
                readable(savedInput(theirs), [theirs, view]),
                readable(mine, [theirs, view]),
              )
            }
          />
          {pattern.publishedInProfile ? (
            <LimitedPatternForm key={edit.refill?.key} {...props} onDeprecate={open.deprecate} />
          ) : (
            <FullPatternForm
              key={edit.refill?.key}
              {...props}
              onDeprecate={open.deprecate}
              onDelete={open.remove}
            />
          )}
        </Stack>
      )}
    </ItemEditFrame>
  );
}

/**
 * {base}/patterns/{patternId}/edit: under the pattern's write lock, the full form while no
 * published version lists the pattern, else the limited one. Anyone who may not edit it sees its
 * page instead.
 */
export function EditPatternPage() {
  const scope = usePatternScope();
  const { patternId = '' } = useParams();
  const query = useVersionPattern(scope.profile.uuid, scope.version.uuid, patternId);
  const key = `${scope.version.uuid}/${patternId}`;
  const itemPath = scope.patternPath(patternId);
  return (
    <EditableItem
      query={query}
      admissionKey={key}
      noun="pattern"
      listPath={scope.listPath()}
      itemPath={itemPath}
    >
      {(view) => (
        <Stack gap="md">
          <ItemCrumbs
            listLabel="Patterns"
            listPath={scope.listPath()}
            name={view.pattern.name}
            itemPath={itemPath}
            current="Edit"
          />
          {view.pattern.type === null ? (
            <Alert color="yellow" variant="light">
              {NO_TYPE_MESSAGE}
            </Alert>
          ) : (
            <EditPattern key={key} view={view} type={view.pattern.type} />
          )}
        </Stack>
      )}
    </EditableItem>
  );
}
