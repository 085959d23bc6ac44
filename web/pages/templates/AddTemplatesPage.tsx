import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLinkTemplates } from '../../api/templates';
import { feedback } from '../../app/feedback-store';
import { ErrorAlert } from '../profile/parts';
import { useTemplateScope } from './scope';
import { SelectedItems, TemplateSearch, toggled, type PickedTemplate } from './TemplatePicker';

export const TEMPLATES_ADDED_MESSAGE =
  'The selected statement templates were added to the profile.';

/**
 * {base}/templates/add: search the server's statement templates (leaving out what the version
 * lists already and other profiles' drafts), select several and add them to the version, or go
 * on to create a new one. A published version gets a new draft, which then opens.
 */
export function AddTemplatesPage() {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<PickedTemplate[]>([]);
  const link = useLinkTemplates(scope.profile.uuid, scope.version.uuid);

  const add = () =>
    link.mutate(
      selected.map((t) => t.uuid),
      {
        onSuccess: (change) => {
          feedback.showSuccess({
            subject: 'Statement templates added',
            message: TEMPLATES_ADDED_MESSAGE,
          });
          void navigate(scope.listPath(change.versionId));
        },
      },
    );

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={scope.listPath()} size="sm">
          Statement Templates
        </Anchor>
        <Text size="sm" c="dimmed">
          Add Statement Template
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3">
          Add Statement Template
        </Title>
        <Button component={Link} to={`${scope.listPath()}/create`} variant="light">
          Create New
        </Button>
      </Group>
      <Text size="sm" c="dimmed" maw={760}>
        Find statement templates defined in other profiles and list them in this one. They stay
        owned, and edited, by the profile that defines them. To write a new one, choose Create New.
      </Text>

      <Paper withBorder radius="md" p="md" component="section" aria-label="Selected templates">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Selected ({selected.length})
          </Text>
          <SelectedItems
            selected={selected}
            onRemove={(t) => setSelected((list) => toggled(list, t))}
          />
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

      <TemplateSearch
        params={{ versionId: scope.version.uuid, purpose: 'link' }}
        selected={selected}
        onToggle={(t) => setSelected((list) => toggled(list, t))}
      />
    </Stack>
  );
}
