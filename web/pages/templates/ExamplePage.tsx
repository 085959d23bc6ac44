import { Button, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { exampleProblem, type TemplateView } from '../../../common/templates';
import { templateLockPath, useFetchVersionTemplate, useSetExample } from '../../api/templates';
import { feedback } from '../../lib/feedback-store';
import {
  ConflictOf,
  differencesOf,
  otherThanConflict,
  useEditConflict,
} from '../../components/EditConflict';
import { DiscardChangesDialog } from '../../components/DiscardChangesDialog';
import { WriteLockGate } from '../../components/WriteLockGate';
import { useTemplateScope } from './scope';
import { EditableTemplate, ProblemsAlert, TemplateCrumbs } from './TemplateScreen';

export const EXAMPLE_SAVED_MESSAGE = 'The example statement was saved.';

const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** The example statement as JSON text; the server stores it pretty-printed. */
function ExampleEditor({ view }: { view: TemplateView }) {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  const { template } = view;
  const save = useSetExample({
    profileId: scope.profile.uuid,
    versionId: scope.version.uuid,
    templateId: template.uuid,
  });
  const original = template.statementExample;
  const [text, setText] = useState(original);
  const [problem, setProblem] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const back = () => void navigate(scope.templatePath(template.uuid));
  const fetchLatest = useFetchVersionTemplate(
    scope.profile.uuid,
    scope.version.uuid,
    template.uuid,
  );
  const edit = useEditConflict({
    revision: template.revision,
    send: (input: string, basedOn: string) => save.mutateAsync({ input, basedOn }),
    latest: async () => {
      const latest = await fetchLatest();
      return { revision: latest.template.revision, values: latest.template.statementExample };
    },
    onSaved: (change) => {
      feedback.showSuccess({ subject: 'Example saved', message: EXAMPLE_SAVED_MESSAGE });
      void navigate(scope.templatePath(change.template.uuid, '', change.versionId));
    },
    // Take theirs: the text becomes their saved example.
    onTakeTheirs: setText,
  });

  const submit = () => {
    const found = exampleProblem(text);
    setProblem(found);
    if (found !== null) return;
    edit.save(text);
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form
        noValidate
        aria-label="Example Statement"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h4">
            {original.trim() === '' ? 'Add Example' : 'Edit Example'}
          </Title>
          <Textarea
            label="Example Statement"
            description="An xAPI statement this template matches, as JSON. It is saved indented."
            placeholder='{ "actor": { "mbox": "mailto:learner@example.org" }, "verb": { "id": "…" }, "object": { "id": "…" } }'
            required
            rows={18}
            styles={mono}
            spellCheck={false}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (problem) setProblem(null);
            }}
            error={problem}
          />
          <ProblemsAlert error={otherThanConflict(save.error)} title="Example not saved" />
          <ConflictOf
            edit={edit}
            compare={(theirs, mine) =>
              differencesOf(
                { example: theirs },
                { example: mine },
                { example: 'Example statement' },
              )
            }
          />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => (text !== original ? setDiscarding(true) : back())}
            >
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save Example
            </Button>
          </Group>
        </Stack>
      </form>
      <DiscardChangesDialog
        opened={discarding}
        subject="example statement"
        onKeep={() => setDiscarding(false)}
        onDiscard={() => {
          setDiscarding(false);
          back();
        }}
      />
    </Paper>
  );
}

/** {base}/templates/{templateId}/example: the example statement, under the template's write lock. */
export function ExamplePage() {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  return (
    <EditableTemplate>
      {(view) => (
        <Stack gap="md">
          <TemplateCrumbs template={view.template} current="Example Statement" />
          <WriteLockGate
            lockPath={templateLockPath(scope.profile.uuid, scope.version.uuid, view.template.uuid)}
            onLeave={() => void navigate(scope.templatePath(view.template.uuid))}
          >
            <ExampleEditor key={`${scope.version.uuid}-${view.template.uuid}`} view={view} />
          </WriteLockGate>
        </Stack>
      )}
    </EditableTemplate>
  );
}
