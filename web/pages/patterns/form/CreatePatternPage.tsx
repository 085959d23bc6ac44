import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import {
  componentProblems,
  PATTERN_TYPE_LABELS,
  type PatternType,
} from '../../../../common/patterns';
import { useCreatePattern } from '../../../api/patterns';
import { feedback } from '../../../lib/feedback-store';
import { DiscardChangesDialog } from '../../../components/DiscardChangesDialog';
import { ComponentPanel } from '../ComponentPanel';
import type { PanelTarget } from '../PatternFields';
import { usePatternScope } from '../scope';
import { ChosenComponents, ComponentProblems } from './ChosenComponents';
import { ComponentPicker } from './ComponentPicker';
import { detailsErrors, detailsResolver } from './details';
import { DetailsFields } from './DetailsFields';
import { createPath } from '../../../components/items/TypeChooser';
import { CHOOSER_TITLE } from './PatternTypeChooser';
import { RefusalAlert } from './RefusalAlert';
import {
  blankDetails,
  createInput,
  patternTypeOfParam,
  withComponent,
  type ChosenComponent,
  type DetailsValues,
} from './values';

export const STEP_DEFINE = 'Define Pattern';
export const STEP_ADD = 'Add Components';
export const STEP_ARRANGE = 'Arrange Order';
export const CHOSEN_LABEL = 'Components';

/** A sequence's components are put in order in a step of their own. */
export const stepsOf = (type: PatternType) =>
  type === 'sequence' ? [STEP_DEFINE, STEP_ADD, STEP_ARRANGE] : [STEP_DEFINE, STEP_ADD];

export const createdMessage = (name: string) => `${name} was successfully created.`;

function CreatePattern({ type }: { type: PatternType }) {
  const scope = usePatternScope();
  const navigate = useNavigate();
  const { profile, version } = scope;
  const create = useCreatePattern(profile.uuid, version.uuid);
  const [initial] = useState(blankDetails);
  const form = useForm<DetailsValues>({
    resolver: detailsResolver('create', type),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const watched = useWatch({ control: form.control });
  const details = { ...initial, ...watched } as DetailsValues;
  const [autoSuffix, setAutoSuffix] = useState(true);
  const [chosen, setChosen] = useState<ChosenComponent[]>([]);
  const [active, setActive] = useState(0);
  const [panel, setPanel] = useState<PanelTarget | null>(null);
  const [discarding, setDiscarding] = useState(false);

  const steps = stepsOf(type);
  const last = active === steps.length - 1;
  const detailsValid = Object.keys(detailsErrors('create', type, details)).length === 0;
  const problems = componentProblems(type, details.primary, chosen);
  const stepValid = active === 0 ? detailsValid : problems.length === 0;
  const changed = form.formState.isDirty || chosen.length > 0;
  const cancel = () => void navigate(scope.listPath());

  const goOn = () => {
    if (!stepValid) return;
    if (!last) {
      setActive(active + 1);
      return;
    }
    const input = createInput(type, details, chosen);
    if (!input) {
      setActive(0);
      return;
    }
    create.mutate(input, {
      onSuccess: (change) => {
        feedback.showSuccess({ subject: 'Pattern created', message: createdMessage(input.name) });
        void navigate(scope.patternPath(change.pattern.uuid, '', change.versionId));
      },
    });
  };

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={scope.listPath()} size="sm">
          Patterns
        </Anchor>
        <Anchor component={Link} to={createPath(scope.listPath())} size="sm">
          {CHOOSER_TITLE}
        </Anchor>
        <Text size="sm" c="dimmed">
          {PATTERN_TYPE_LABELS[type]}
        </Text>
      </Breadcrumbs>
      {version.state === 'published' && (
        <Text size="sm" c="dimmed">
          This version is published: the new pattern goes into the profile&apos;s next draft.
        </Text>
      )}
      <Paper withBorder radius="md" p="lg">
        <Stepper
          active={active}
          onStepClick={(step) => {
            if (step < active) setActive(step);
          }}
          allowNextStepsSelect={false}
          size="sm"
        >
          <Stepper.Step label={STEP_DEFINE}>
            <Stack gap="lg" component="section" aria-label={STEP_DEFINE} mt="md">
              <Text size="sm" c="dimmed">
                Fields marked with an asterisk (*) are required.
              </Text>
              <DetailsFields
                form={form}
                profileIri={profile.iri}
                autoSuffix={autoSuffix}
                onSuffixTyped={() => setAutoSuffix(false)}
              />
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={STEP_ADD}>
            <Stack gap="lg" mt="md">
              <ComponentPicker
                type={type}
                versionId={version.uuid}
                onAdd={(component) => setChosen((list) => withComponent(type, list, component))}
                onInfo={setPanel}
              />
              <ChosenComponents
                label={CHOSEN_LABEL}
                components={chosen}
                onChange={setChosen}
                removable
              />
              <ComponentProblems problems={problems} />
            </Stack>
          </Stepper.Step>
          {type === 'sequence' && (
            <Stepper.Step label={STEP_ARRANGE}>
              <Stack gap="lg" mt="md">
                <Text size="sm" c="dimmed">
                  A sequence matches its components in this order. Drag a component to its place, or
                  move it with its buttons.
                </Text>
                <ChosenComponents
                  label="Component order"
                  components={chosen}
                  onChange={setChosen}
                  reorderable
                />
                <ComponentProblems problems={problems} />
              </Stack>
            </Stepper.Step>
          )}
        </Stepper>
        <Stack gap="md" mt="lg">
          {last && <RefusalAlert error={create.error} title="Pattern Not Created" />}
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={() => (changed ? setDiscarding(true) : cancel())}>
              Cancel
            </Button>
            <Group gap="sm">
              {active > 0 && (
                <Button variant="default" onClick={() => setActive(active - 1)}>
                  Back
                </Button>
              )}
              <Button onClick={goOn} disabled={!stepValid} loading={last && create.isPending}>
                {last ? 'Create Pattern' : 'Continue'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      <ComponentPanel target={panel} onClose={() => setPanel(null)} />
      <DiscardChangesDialog
        opened={discarding}
        subject="pattern"
        onKeep={() => setDiscarding(false)}
        onDiscard={() => {
          setDiscarding(false);
          cancel();
        }}
      />
    </Stack>
  );
}

/**
 * {base}/patterns/create/{type}: a new pattern of one type, in steps. Any other `{type}` goes back
 * to the chooser. Creating in a published version lands in its next draft; the pattern opens
 * there.
 */
export function CreatePatternPage() {
  const scope = usePatternScope();
  const { type: param } = useParams();
  const type = patternTypeOfParam(param);
  // Admitted once, kept: the save in a published version makes a draft, and the refresh that
  // follows must not send the screen back to the published list on its way to the new pattern.
  const [mayAuthor] = useState(scope.canAuthor);
  if (!mayAuthor) return <Navigate to={scope.listPath()} replace />;
  if (!type) return <Navigate to={createPath(scope.listPath())} replace />;
  return <CreatePattern key={type} type={type} />;
}
