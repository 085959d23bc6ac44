import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  OBJECT_TYPE_EXCLUSIVE_MESSAGE,
  TEMPLATE_REF_KEYS,
  TEMPLATE_REF_TYPES,
  type TemplateRefType,
  type TemplateView,
} from '../../../../common/templates';
import {
  templateLockPath,
  useFetchVersionTemplate,
  useSetTemplateRefs,
} from '../../../api/templates';
import { feedback } from '../../../lib/feedback-store';
import {
  ConflictOf,
  differencesOf,
  otherThanConflict,
  useEditConflict,
} from '../../../components/EditConflict';
import { SelectedItems, toggled, type Picked } from '../../../components/items/AddItems';
import { WriteLockGate } from '../../../components/WriteLockGate';
import { hasProperty } from '../format';
import { PageDoesNotExist } from '../../../components/items/LoadedItem';
import { useTemplateScope } from '../scope';
import { TemplateSearch } from '../TemplatePicker';
import { EditableTemplate, ProblemsAlert, TemplateCrumbs } from '../TemplateScreen';

export const REFS_SAVED_MESSAGE = 'The related statement templates were saved.';

export const REF_TYPE_TITLES: Record<TemplateRefType, string> = {
  object: 'Object Statement Reference Templates',
  context: 'Context Statement Reference Templates',
};

const isRefType = (value: string | undefined): value is TemplateRefType =>
  (TEMPLATE_REF_TYPES as readonly string[]).includes(value ?? '');

/** The templates of a reference type this server knows, as the editor lists them. */
const pickedOf = (template: TemplateView['template'], refType: TemplateRefType): Picked[] =>
  template[TEMPLATE_REF_KEYS[refType]].flatMap((r) =>
    r.uuid ? [{ uuid: r.uuid, name: r.name ?? r.iri }] : [],
  );

/**
 * The templates a StatementRef of the object or the context may point at: the current ones
 * (removable when editing) and more found by searching this version's own templates, leaving out
 * the template itself and those already referenced.
 */
function RefsEditor({
  view,
  refType,
  mode,
}: {
  view: TemplateView;
  refType: TemplateRefType;
  mode: 'create' | 'edit';
}) {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  const { template } = view;
  const save = useSetTemplateRefs({
    profileId: scope.profile.uuid,
    versionId: scope.version.uuid,
    templateId: template.uuid,
  });
  const refs = template[TEMPLATE_REF_KEYS[refType]];
  const [current, setCurrent] = useState<Picked[]>(() => pickedOf(template, refType));
  const [added, setAdded] = useState<Picked[]>([]);
  const unknown = refs.filter((r) => r.uuid === null);
  // The object is either an activity (of a type) or a statement reference, never both.
  const exclusive = refType === 'object' && hasProperty(template, 'objectActivityType');
  const removed = refs.length - unknown.length - current.length;
  const changed = added.length > 0 || removed > 0;
  const back = () => void navigate(scope.templatePath(template.uuid));

  const fetchLatest = useFetchVersionTemplate(
    scope.profile.uuid,
    scope.version.uuid,
    template.uuid,
  );
  const edit = useEditConflict({
    revision: template.revision,
    send: (templates: Picked[], basedOn: string) =>
      save.mutateAsync({ refType, templateIds: templates.map((t) => t.uuid), basedOn }),
    latest: async () => {
      const latest = await fetchLatest();
      return { revision: latest.template.revision, values: pickedOf(latest.template, refType) };
    },
    onSaved: (change) => {
      feedback.showSuccess({ subject: 'Related templates saved', message: REFS_SAVED_MESSAGE });
      void navigate(scope.templatePath(change.template.uuid, '', change.versionId));
    },
    // Take theirs: their templates are the current ones, nothing more selected.
    onTakeTheirs: (theirs) => {
      setCurrent(theirs);
      setAdded([]);
    },
  });
  const submit = () => edit.save([...current, ...added]);

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {mode === 'create' ? 'Add' : 'Edit'} {REF_TYPE_TITLES[refType]}
        </Title>
        <Text size="sm" c="dimmed" maw={760}>
          {refType === 'object'
            ? 'Statements matching this template have a StatementRef object pointing at a statement that matches one of these templates.'
            : 'Statements matching this template have a context statement pointing at a statement that matches one of these templates.'}{' '}
          Only templates this profile version defines can be chosen.
        </Text>
        {mode === 'edit' && (
          <Stack gap="xs" component="section" aria-label="Current references">
            <Text fw={600} size="sm">
              Current ({current.length})
            </Text>
            <SelectedItems
              selected={current}
              onRemove={(t) => setCurrent((list) => list.filter((x) => x.uuid !== t.uuid))}
              empty="None."
            />
            {unknown.length > 0 && (
              <Text size="sm" c="orange">
                Not templates of this server, so left out when saved:{' '}
                {unknown.map((r) => r.iri).join(', ')}
              </Text>
            )}
          </Stack>
        )}
        {exclusive ? (
          <Alert color="yellow" variant="light" title="Nothing to add">
            {OBJECT_TYPE_EXCLUSIVE_MESSAGE}
          </Alert>
        ) : (
          <>
            <Stack gap="xs" component="section" aria-label="Selected templates">
              <Text fw={600} size="sm">
                Selected ({added.length})
              </Text>
              <SelectedItems
                selected={added}
                onRemove={(t) => setAdded((list) => toggled(list, t))}
              />
            </Stack>
            <TemplateSearch
              params={{
                versionId: scope.version.uuid,
                purpose: 'reference',
                templateId: template.uuid,
              }}
              selected={added}
              onToggle={(t) => setAdded((list) => toggled(list, t))}
              hidden={[
                ...current.map((t) => t.uuid),
                ...refs.flatMap((r) => (r.uuid ? [r.uuid] : [])),
              ]}
            />
          </>
        )}
        <ProblemsAlert error={otherThanConflict(save.error)} title="Related templates not saved" />
        <ConflictOf
          edit={edit}
          compare={(theirs, mine) =>
            differencesOf(
              { templates: theirs.map((t) => t.name) },
              { templates: mine.map((t) => t.name) },
              { templates: REF_TYPE_TITLES[refType] },
            )
          }
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={back}>
            Cancel
          </Button>
          <Button
            disabled={mode === 'create' ? added.length === 0 : !changed}
            loading={edit.busy}
            onClick={submit}
          >
            {mode === 'create' ? 'Add Selected' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * {base}/templates/{templateId}/related-statement-templates/{object|context}/{create|edit},
 * under the template's write lock, for editors of an unpublished template.
 */
export function TemplateRefsPage() {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  const { refType, mode } = useParams();
  return (
    <EditableTemplate allowed={(view) => !view.template.publishedInProfile}>
      {(view) =>
        isRefType(refType) && (mode === 'create' || mode === 'edit') ? (
          <Stack gap="md">
            <TemplateCrumbs template={view.template} current={REF_TYPE_TITLES[refType]} />
            <WriteLockGate
              lockPath={templateLockPath(
                scope.profile.uuid,
                scope.version.uuid,
                view.template.uuid,
              )}
              onLeave={() => void navigate(scope.templatePath(view.template.uuid))}
            >
              <RefsEditor
                key={`${scope.version.uuid}-${view.template.uuid}-${refType}-${mode}`}
                view={view}
                refType={refType}
                mode={mode}
              />
            </WriteLockGate>
          </Stack>
        ) : (
          <PageDoesNotExist backTo={scope.templatePath(view.template.uuid)} />
        )
      }
    </EditableTemplate>
  );
}
