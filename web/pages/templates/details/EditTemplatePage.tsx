import { Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TemplateView } from '../../../../common/templates';
import { templateLockPath, useUpdateTemplateDetails } from '../../../api/templates';
import { feedback } from '../../../app/feedback-store';
import { WriteLockGate } from '../../common/WriteLockGate';
import { useTemplateScope } from '../scope';
import { EditableTemplate, TemplateCrumbs } from '../TemplateScreen';
import { TemplateDetailsForm, type TemplateFormValues } from './TemplateDetailsForm';

export const TEMPLATE_SAVED_MESSAGE = 'Your changes to the statement template have been saved.';

function EditDetails({ view }: { view: TemplateView }) {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  const { profile, version } = scope;
  const { template } = view;
  const target = { profileId: profile.uuid, versionId: version.uuid, templateId: template.uuid };
  const update = useUpdateTemplateDetails(target);
  const [initial] = useState<TemplateFormValues>(() => ({
    name: template.name,
    description: template.description,
    translations: template.translations,
    tags: template.tags,
    moreInformation: template.moreInformation,
  }));
  const back = () => void navigate(scope.templatePath(template.uuid));

  return (
    <WriteLockGate
      lockPath={templateLockPath(profile.uuid, version.uuid, template.uuid)}
      onLeave={back}
    >
      <Paper withBorder radius="md" p="lg">
        <TemplateDetailsForm
          mode="edit"
          initial={initial}
          profileIri={profile.iri}
          iri={template.iri}
          limited={template.publishedInProfile}
          busy={update.isPending}
          error={update.error}
          onSubmit={(values) =>
            // Awaited rather than handed to mutate(): the refresh after a save may close this
            // screen (the version may no longer be the current one) before the answer is used.
            void update
              .mutateAsync({
                name: values.name,
                description: values.description,
                translations: values.translations,
                tags: values.tags,
                moreInformation: values.moreInformation,
              })
              .then((change) => {
                feedback.showSuccess({
                  subject: 'Statement template saved',
                  message: TEMPLATE_SAVED_MESSAGE,
                });
                void navigate(scope.templatePath(change.template.uuid, '', change.versionId));
              })
              .catch(() => undefined)
          }
          onCancel={back}
        />
      </Paper>
    </WriteLockGate>
  );
}

/** {base}/templates/{templateId}/edit: the template's details, under its write lock. */
export function EditTemplatePage() {
  const scope = useTemplateScope();
  return (
    <EditableTemplate>
      {(view) => (
        <Stack gap="md">
          <TemplateCrumbs template={view.template} current="Edit Details" />
          <EditDetails key={`${scope.version.uuid}-${view.template.uuid}`} view={view} />
        </Stack>
      )}
    </EditableTemplate>
  );
}
