import { Anchor, Breadcrumbs, Paper, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useCreateTemplate } from '../../../api/templates';
import { feedback } from '../../../lib/feedback-store';
import { useTemplateScope } from '../scope';
import { blankTemplateValues, TemplateDetailsForm } from './TemplateDetailsForm';

export const templateCreatedMessage = (name: string) => `${name} was successfully created.`;

/**
 * {base}/templates/create: a new statement template. Saving a published version lands in its
 * next draft; the template opens there.
 */
export function CreateTemplatePage() {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  const { profile, version } = scope;
  const create = useCreateTemplate(profile.uuid, version.uuid);

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={scope.listPath()} size="sm">
          Statement Templates
        </Anchor>
        <Anchor component={Link} to={`${scope.listPath()}/add`} size="sm">
          Add Statement Template
        </Anchor>
        <Text size="sm" c="dimmed">
          Create Statement Template
        </Text>
      </Breadcrumbs>
      {version.state === 'published' && (
        <Text size="sm" c="dimmed">
          This version is published: the new statement template goes into the profile&apos;s next
          draft.
        </Text>
      )}
      <Text size="sm" c="dimmed">
        Fields marked with an asterisk (*) are required.
      </Text>
      <Paper withBorder radius="md" p="lg">
        <TemplateDetailsForm
          mode="create"
          initial={blankTemplateValues()}
          profileIri={profile.iri}
          busy={create.isPending}
          error={create.error}
          onSubmit={(values) =>
            create.mutate(values, {
              onSuccess: (change) => {
                feedback.showSuccess({
                  subject: 'Statement template created',
                  message: templateCreatedMessage(values.name),
                });
                void navigate(scope.templatePath(change.template.uuid, '', change.versionId));
              },
            })
          }
          onCancel={() => void navigate(scope.listPath())}
        />
      </Paper>
    </Stack>
  );
}
