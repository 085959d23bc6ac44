import { Button, Group, Modal, Paper, Select, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  DETERMINING_PROPERTIES,
  DETERMINING_PROPERTY_EXISTS,
  DETERMINING_PROPERTY_LABELS,
  type DeterminingProperty,
  type TemplateView,
} from '../../../../common/templates';
import {
  templateLockPath,
  useFetchVersionTemplate,
  useSetDeterminingProperty,
} from '../../../api/templates';
import { feedback } from '../../../lib/feedback-store';
import {
  ConflictOf,
  differencesOf,
  otherThanConflict,
  useEditConflict,
} from '../../../components/EditConflict';
import { WriteLockGate } from '../../../components/WriteLockGate';
import { hasProperty } from '../format';
import { useTemplateScope } from '../scope';
import { PageDoesNotExist } from '../../../components/items/LoadedItem';
import { EditableTemplate, TemplateCrumbs } from '../TemplateScreen';
import { ConceptPicker, type PickedConcept } from './ConceptPicker';

export const PROPERTY_SAVED_MESSAGE = 'The determining property was saved.';

const isProperty = (value: string | undefined): value is DeterminingProperty =>
  (DETERMINING_PROPERTIES as readonly string[]).includes(value ?? '');

/** Determining properties, references and rules are fixed once the template is published. */
const unpublished = (view: TemplateView) => !view.template.publishedInProfile;

type Template = TemplateView['template'];

/** The concepts of a determining property this server knows, as the picker chooses them. */
const pickedOf = (template: Template, property: DeterminingProperty): PickedConcept[] =>
  (template.determiningProperties.find((p) => p.property === property)?.concepts ?? []).flatMap(
    (c) => (c.uuid ? [{ uuid: c.uuid, name: c.name ?? c.iri }] : []),
  );

interface PropertySave {
  property: DeterminingProperty;
  concepts: PickedConcept[];
}

/**
 * Saving a property's concepts, then the template in the version the change landed in. A save
 * someone else's ran into sets their concepts of the property beside the ones chosen; Take
 * theirs chooses theirs (`refill`, their template).
 */
function useSaveProperty(view: TemplateView) {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  const target = {
    profileId: scope.profile.uuid,
    versionId: scope.version.uuid,
    templateId: view.template.uuid,
  };
  const set = useSetDeterminingProperty(target);
  const fetchLatest = useFetchVersionTemplate(
    target.profileId,
    target.versionId,
    target.templateId,
  );
  const edit = useEditConflict({
    revision: view.template.revision,
    send: ({ property, concepts }: PropertySave, basedOn: string) =>
      set.mutateAsync({ property, conceptIds: concepts.map((c) => c.uuid), basedOn }),
    latest: async () => {
      const { template } = await fetchLatest();
      return { revision: template.revision, values: template };
    },
    onSaved: (change) => {
      feedback.showSuccess({
        subject: 'Determining property saved',
        message: PROPERTY_SAVED_MESSAGE,
      });
      void navigate(scope.templatePath(change.template.uuid, '', change.versionId));
    },
  });
  const conflict = (
    <ConflictOf
      edit={edit}
      compare={(theirs, mine) =>
        differencesOf(
          { concepts: pickedOf(theirs, mine.property).map((c) => c.name) },
          { concepts: mine.concepts.map((c) => c.name) },
          { concepts: DETERMINING_PROPERTY_LABELS[mine.property] },
        )
      }
    />
  );
  return {
    save: (property: DeterminingProperty, concepts: PickedConcept[]) =>
      edit.save({ property, concepts }),
    busy: edit.busy,
    error: otherThanConflict(set.error),
    conflict,
    refill: edit.refill,
  };
}

/** Step 1: which of the seven properties; one the template has already offers to edit it. */
function PropertyStep({
  view,
  value,
  onChange,
  onContinue,
  onCancel,
}: {
  view: TemplateView;
  value: DeterminingProperty | null;
  onChange: (value: DeterminingProperty | null) => void;
  onContinue: () => void;
  onCancel: () => void;
}) {
  return (
    <Stack gap="md">
      <Select
        label="Determining Property Type"
        description="Statements match this template when they carry the concepts of every determining property."
        placeholder="Choose a property"
        required
        data={DETERMINING_PROPERTIES.map((p) => ({
          value: p,
          label: `${DETERMINING_PROPERTY_LABELS[p]}${hasProperty(view.template, p) ? ' (already set)' : ''}`,
        }))}
        value={value}
        onChange={(next) => {
          const chosen = next ?? undefined;
          onChange(isProperty(chosen) ? chosen : null);
        }}
        comboboxProps={{ withinPortal: true }}
        maw={420}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={value === null} onClick={onContinue}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}

function CreateFlow({ view }: { view: TemplateView }) {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  const { template } = view;
  const [property, setProperty] = useState<DeterminingProperty | null>(null);
  const [step, setStep] = useState<0 | 1>(0);
  const [exists, setExists] = useState(false);
  const { save, busy, error, conflict, refill } = useSaveProperty(view);
  const back = () => void navigate(scope.templatePath(template.uuid));

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="lg">
        <Title order={2} size="h4">
          Add Determining Property
        </Title>
        <Stepper active={step} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step label="Property Type" description="Choose one of the seven">
            <PropertyStep
              view={view}
              value={property}
              onChange={setProperty}
              onCancel={back}
              onContinue={() => {
                if (property === null) return;
                if (hasProperty(template, property)) setExists(true);
                else setStep(1);
              }}
            />
          </Stepper.Step>
          <Stepper.Step label="Concepts" description="Search and choose">
            {property !== null && (
              <ConceptPicker
                key={`${property}-${refill?.key ?? ''}`}
                property={property}
                versionId={scope.version.uuid}
                initial={refill ? pickedOf(refill.values, property) : []}
                submitLabel="Add"
                busy={busy}
                error={error}
                conflict={conflict}
                onSubmit={(concepts) => save(property, concepts)}
                onCancel={back}
                onBack={() => setStep(0)}
              />
            )}
          </Stepper.Step>
        </Stepper>
      </Stack>
      <Modal
        opened={exists}
        onClose={() => setExists(false)}
        title={DETERMINING_PROPERTY_EXISTS}
        centered
      >
        <Stack gap="lg">
          <Text size="sm">
            This statement template already has a{' '}
            <strong>{property ? DETERMINING_PROPERTY_LABELS[property] : ''}</strong> determining
            property. Edit its concepts instead?
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setExists(false)} data-autofocus>
              Cancel
            </Button>
            <Button
              onClick={() =>
                property &&
                void navigate(
                  scope.templatePath(template.uuid, `determining-properties/${property}/edit`),
                )
              }
            >
              Edit existing
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** Holds the template's write lock around a determining-property screen. */
function UnderLock({ view, children }: { view: TemplateView; children: ReactNode }) {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  return (
    <WriteLockGate
      lockPath={templateLockPath(scope.profile.uuid, scope.version.uuid, view.template.uuid)}
      onLeave={() => void navigate(scope.templatePath(view.template.uuid))}
    >
      {children}
    </WriteLockGate>
  );
}

/**
 * {base}/templates/{templateId}/determining-properties/create: step 1 picks the property type,
 * step 2 its concepts. Under the template's write lock, for editors of an unpublished template.
 */
export function CreateDeterminingPropertyPage() {
  const scope = useTemplateScope();
  return (
    <EditableTemplate allowed={unpublished}>
      {(view) => (
        <Stack gap="md">
          <TemplateCrumbs template={view.template} current="Add Determining Property" />
          <UnderLock view={view}>
            <CreateFlow key={`${scope.version.uuid}-${view.template.uuid}`} view={view} />
          </UnderLock>
        </Stack>
      )}
    </EditableTemplate>
  );
}

function EditFlow({ view, property }: { view: TemplateView; property: DeterminingProperty }) {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  const { save, busy, error, conflict, refill } = useSaveProperty(view);
  const concepts =
    view.template.determiningProperties.find((p) => p.property === property)?.concepts ?? [];
  const [initial] = useState<PickedConcept[]>(() => pickedOf(view.template, property));
  const unknown = concepts.filter((c) => c.uuid === null);

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="lg">
        <Title order={2} size="h4">
          Edit {DETERMINING_PROPERTY_LABELS[property]}
        </Title>
        {unknown.length > 0 && (
          <Text size="sm" c="orange">
            Not concepts of this server, so left out when saved:{' '}
            {unknown.map((c) => c.iri).join(', ')}
          </Text>
        )}
        <ConceptPicker
          key={refill?.key}
          property={property}
          versionId={scope.version.uuid}
          initial={refill ? pickedOf(refill.values, property) : initial}
          submitLabel="Save"
          busy={busy}
          error={error}
          conflict={conflict}
          onSubmit={(concepts) => save(property, concepts)}
          onCancel={() => void navigate(scope.templatePath(view.template.uuid))}
        />
      </Stack>
    </Paper>
  );
}

/**
 * {base}/templates/{templateId}/determining-properties/{property}/edit: step 2 for that
 * property, its concepts already chosen. Any other `{property}` does not exist.
 */
export function EditDeterminingPropertyPage() {
  const scope = useTemplateScope();
  const { property } = useParams();
  return (
    <EditableTemplate allowed={unpublished}>
      {(view) =>
        isProperty(property) ? (
          <Stack gap="md">
            <TemplateCrumbs
              template={view.template}
              current={`Edit ${DETERMINING_PROPERTY_LABELS[property]}`}
            />
            <UnderLock view={view}>
              <EditFlow
                key={`${scope.version.uuid}-${view.template.uuid}-${property}`}
                view={view}
                property={property}
              />
            </UnderLock>
          </Stack>
        ) : (
          <PageDoesNotExist backTo={scope.templatePath(view.template.uuid)} />
        )
      }
    </EditableTemplate>
  );
}
