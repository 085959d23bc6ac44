import { Anchor, Button, Center, Loader, Paper, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useCreateWebhook, useWebhookSubjects } from '../../api/webhooks';
import { feedback } from '../../lib/feedback-store';
import { PageHeading } from '../../components/PageHeading';
import { HooksScreen } from './parts';
import { ErrorAlert } from '../../components/parts';
import { HookForm } from './HookForm';
import { editHookPath, hooksPath } from '../../lib/paths';

/** /user/hooks/create; a new hook opens its edit page, where its deliveries show. */
export function CreateHookPage() {
  const subjects = useWebhookSubjects();
  const create = useCreateWebhook();
  const navigate = useNavigate();
  return (
    <HooksScreen>
      <Paper withBorder radius="md" p="xl" maw={760}>
        <Stack gap="lg">
          <Anchor component={Link} to={hooksPath()} size="sm">
            ← Back to web hooks
          </Anchor>
          <PageHeading>Create Web Hook</PageHeading>
          <ErrorAlert error={subjects.error} title="Could not load the profiles" />
          {subjects.isPending && (
            <Center py="md">
              <Loader size="sm" role="progressbar" aria-label="Loading the profiles" />
            </Center>
          )}
          {subjects.data && (
            <HookForm
              subjects={subjects.data}
              submitLabel="Create Web Hook"
              busy={create.isPending}
              error={create.error}
              cancel={
                <Button component={Link} to={hooksPath()} variant="default">
                  Cancel
                </Button>
              }
              onSubmit={(input) =>
                create.mutate(input, {
                  onSuccess: ({ hook }) => {
                    feedback.showSuccess({
                      subject: 'Web hook created',
                      message: `${hook.description} will receive events from now on.`,
                    });
                    void navigate(editHookPath(hook.id));
                  },
                })
              }
            />
          )}
        </Stack>
      </Paper>
    </HooksScreen>
  );
}
