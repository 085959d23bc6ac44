import { Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TemplateView } from '../../../../common/templates';
import {
  templateLockPath,
  useFetchVersionTemplate,
  useUpdateTemplateDetails,
} from '../../../api/templates';
import { feedback } from '../../../lib/feedback-store';
import {
  ConflictOf,
  differencesOf,
  otherThanConflict,
  useEditConflict,
} from '../../../components/EditConflict';
import { WriteLockGate } from '../../../components/WriteLockGate';
import { useTemplateScope } from '../scope';
import { EditableTemplate, TemplateCrumbs } from '../TemplateScreen';
import {
  TemplateDetailsForm,
  type TemplateDetailsUpdate,
  type TemplateFormValues,
} from './TemplateDetailsForm';

/** The details of a template as its form shows them, and as a save sends them. */
const detailsOf = (template: TemplateView['template']): TemplateDetailsUpdate => ({
  name: template.name,
  description: template.description,
  translations: template.translations,
  tags: template.tags,
  moreInformation: template.moreInformation,
});

export const TEMPLATE_SAVED_MESSAGE = 'Your changes to the statement template have been saved.';

function EditDetails({ view }: { view: TemplateView }) {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  const { profile, version } = scope;
  const { template } = view;
  const target = { profileId: profile.uuid, versionId: version.uuid, templateId: template.uuid };
  const update = useUpdateTemplateDetails(target);
  const [initial] = useState<TemplateFormValues>(() => detailsOf(template));
  const back = () => void navigate(scope.templatePath(template.uuid));
  const fetchLatest = useFetchVersionTemplate(profile.uuid, version.uuid, template.uuid);
  const edit = useEditConflict({
    revision: template.revision,
    // Awaited rather than handed to mutate(): the refresh after a save may close this screen
    // (the version may no longer be the current one) before the answer is used.
    send: (input: TemplateDetailsUpdate, basedOn: string) => update.mutateAsync({ input, basedOn }),
    latest: async () => {
      const latest = await fetchLatest();
      return { revision: latest.template.revision, values: detailsOf(latest.template) };
    },
    onSaved: (change) => {
      feedback.showSuccess({
        subject: 'Statement template saved',
        message: TEMPLATE_SAVED_MESSAGE,
      });
      void navigate(scope.templatePath(change.template.uuid, '', change.versionId));
    },
  });

  return (
    <WriteLockGate
      lockPath={templateLockPath(profile.uuid, version.uuid, template.uuid)}
      onLeave={back}
    >
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <ConflictOf edit={edit} compare={differencesOf} />
          <TemplateDetailsForm
            key={edit.refill?.key}
            mode="edit"
            initial={edit.refill?.values ?? initial}
            profileIri={profile.iri}
            iri={template.iri}
            limited={template.publishedInProfile}
            busy={update.isPending}
            error={otherThanConflict(update.error)}
            onSubmit={(values) =>
              edit.save({
                name: values.name,
                description: values.description,
                translations: values.translations,
                tags: values.tags,
                moreInformation: values.moreInformation,
              })
            }
            onCancel={back}
          />
        </Stack>
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
