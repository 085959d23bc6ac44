import { Anchor, Button, Center, Divider, Group, Loader, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useUpdateWebhook, useWebhook, useWebhookSubjects } from '../../api/webhooks';
import { feedback } from '../../lib/feedback-store';
import { PageHeading } from '../../components/PageHeading';
import { HooksScreen } from './parts';
import { ErrorAlert } from '../../components/parts';
import { DeliveryLog } from './DeliveryLog';
import { HookForm } from './HookForm';
import { RemoveHookDialog } from './HooksPage';
import { hooksPath } from '../../lib/paths';

/** /user/hooks/{hookId}/edit: the hook's settings and its delivery log. */
export function EditHookPage() {
  const { hookId = '' } = useParams();
  const navigate = useNavigate();
  const hook = useWebhook(hookId);
  const subjects = useWebhookSubjects();
  const update = useUpdateWebhook(hookId);
  const [removing, setRemoving] = useState(false);
  const current = hook.data;
  return (
    <HooksScreen>
      <Paper withBorder radius="md" p="xl" maw={960}>
        <Stack gap="lg">
          <Anchor component={Link} to={hooksPath()} size="sm">
            ← Back to web hooks
          </Anchor>
          <Group justify="space-between" align="flex-start">
            <PageHeading>Edit Web Hook</PageHeading>
            {current && (
              <Button color="red.9" onClick={() => setRemoving(true)}>
                Remove Web Hook
              </Button>
            )}
          </Group>
          <ErrorAlert error={hook.error ?? subjects.error} title="Could not load the web hook" />
          {(hook.isPending || subjects.isPending) && !hook.error && (
            <Center py="md">
              <Loader size="sm" role="progressbar" aria-label="Loading the web hook" />
            </Center>
          )}
          {current && subjects.data && (
            <>
              <HookForm
                key={`${current.id}-${current.isEnabled}-${current.clientSecret ?? ''}`}
                subjects={subjects.data}
                secretSet={current.clientSecret === 'set'}
                initial={{
                  target: current.target,
                  description: current.description,
                  subject: current.subject,
                  signatureMethod: current.signatureMethod,
                  isEnabled: current.isEnabled,
                  event: current.event,
                  clientSecret: '',
                  removeSecret: false,
                }}
                submitLabel="Save Changes"
                busy={update.isPending}
                error={update.error}
                cancel={
                  <Button component={Link} to={hooksPath()} variant="default">
                    Cancel
                  </Button>
                }
                onSubmit={(input) =>
                  update.mutate(input, {
                    onSuccess: () =>
                      feedback.showSuccess({
                        subject: 'Web hook saved',
                        message: 'The web hook was saved.',
                      }),
                  })
                }
              />
              <Divider />
              <DeliveryLog hookId={current.id} enabled={current.isEnabled} />
              <RemoveHookDialog
                hook={removing ? current : null}
                onClose={() => setRemoving(false)}
                onRemoved={() => void navigate(hooksPath(), { replace: true })}
              />
            </>
          )}
        </Stack>
      </Paper>
    </HooksScreen>
  );
}
