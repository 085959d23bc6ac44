import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { normalizeExternalIri, type CreateProfileInput } from '../../../common/profiles';
import { useMyOrganizations } from '../../api/organizations';
import { useCreateProfile, useRootIri } from '../../api/profiles';
import { feedback } from '../../lib/feedback-store';
import { PageHeading } from '../../components/PageHeading';
import { isMembership } from '../../lib/format';
import {
  createOrganizationPath,
  groupCreateProfilePath,
  groupPath,
  groupVersionPath,
} from '../../lib/paths';
import { newUuid } from '../../lib/profiles';
import { ErrorAlert } from '../../components/parts';
import { ProfileForm, type ProfileFormOutput } from './ProfileForm';

export const NOT_A_MEMBER_MESSAGE = 'Only members of this working group can create its profiles.';

/** /profiles/create: choose one of your working groups, then create the profile there. */
export function CreateProfileEntryPage() {
  const groups = useMyOrganizations();
  const [chosen, setChosen] = useState<string | null>(null);
  const mine = (groups.data ?? []).filter((g) => isMembership(g.membership));

  return (
    <Stack gap="md" maw={720}>
      <PageHeading>Create Profile</PageHeading>
      <Text>
        Every xAPI Profile belongs to a working group. Choose the group that will own and maintain
        the new profile.
      </Text>
      <ErrorAlert error={groups.error} title="Could not load your working groups" />
      {groups.isLoading ? (
        <Center py="md">
          <Loader role="progressbar" aria-label="Loading your working groups" />
        </Center>
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            {mine.length === 0 ? (
              <Text c="dimmed">
                You are not a member of any working group yet. Create one, or ask to join an
                existing group.
              </Text>
            ) : (
              <Select
                label="Working Group"
                placeholder="Choose a working group"
                data={mine.map((g) => ({ value: g.uuid, label: g.name }))}
                value={chosen}
                onChange={setChosen}
                searchable
                nothingFoundMessage="No working group matches"
              />
            )}
            <Group justify="space-between" gap="sm">
              <Anchor component={Link} to={createOrganizationPath()} size="sm">
                Create Working Group
              </Anchor>
              {chosen !== null && (
                <Button component={Link} to={groupCreateProfilePath(chosen)}>
                  Create a new xAPI profile
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** The request a filled-in form makes: the IRI choice plus the profile's content. */
export function toCreateInput(
  values: ProfileFormOutput,
  generatedIri?: string,
): CreateProfileInput {
  const iriType = values.iriType ?? 'generated-iri';
  return {
    iriType,
    ...(iriType === 'external-iri' ? { extiri: normalizeExternalIri(values.extiri ?? '') } : {}),
    // The IRI the form showed is the one the profile gets.
    ...(iriType === 'generated-iri' && generatedIri !== undefined ? { generatedIri } : {}),
    name: values.name,
    description: values.description,
    translations: values.translations,
    moreInformation: values.moreInformation,
    tags: values.tags,
  };
}

/** /organization/{organizationId}/profile/create: the new profile's details. */
export function CreateProfilePage() {
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const groups = useMyOrganizations();
  const root = useRootIri();
  const create = useCreateProfile(organizationId);
  const [previewUuid] = useState(newUuid);
  const generatedIri = root.data === undefined ? undefined : `${root.data}/${previewUuid}`;

  const group = groups.data?.find((g) => g.uuid === organizationId);
  const allowed = group !== undefined && isMembership(group.membership);

  return (
    <Stack gap="md" maw={860}>
      <PageHeading>Create xAPI Profile</PageHeading>
      <Text>
        A new profile starts as a draft that only{' '}
        {group ? <strong>{group.name}</strong> : 'your working group'} can see. Add its concepts,
        statement templates and patterns, then publish it to share it with everyone.
      </Text>
      <Text size="sm" c="dimmed">
        Fields marked with an asterisk (*) are required.
      </Text>
      <ErrorAlert error={groups.error ?? root.error} title="Could not load the form" />
      {groups.isLoading ? (
        <Center py="md">
          <Loader role="progressbar" aria-label="Loading" />
        </Center>
      ) : !allowed ? (
        <Alert color="yellow" title="Not a member">
          {NOT_A_MEMBER_MESSAGE}{' '}
          <Anchor component={Link} to={groupPath(organizationId)}>
            Go to the working group
          </Anchor>
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="lg">
          <ProfileForm
            mode="create"
            initial={{
              iriType: 'generated-iri',
              extiri: '',
              name: '',
              description: '',
              translations: [],
              moreInformation: '',
              tags: [],
            }}
            iri={{ fixed: false, generatedIri }}
            busy={create.isPending}
            error={create.error}
            onCancel={() => void navigate(groupPath(organizationId))}
            onSubmit={(values) =>
              create.mutate(toCreateInput(values, generatedIri), {
                onSuccess: (view) => {
                  feedback.showSuccess({
                    subject: 'Profile created',
                    message: `${view.version.name} was successfully created.`,
                  });
                  void navigate(
                    groupVersionPath(organizationId, view.profile.uuid, view.version.uuid),
                  );
                },
              })
            }
          />
        </Paper>
      )}
    </Stack>
  );
}
