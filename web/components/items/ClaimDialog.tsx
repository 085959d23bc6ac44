import { Button, Center, Group, Loader, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ORPHAN_CONTAINER_NAME } from '../../../common/profiles';
import { useMyOrganizations } from '../../api/organizations';
import { PROFILE_PAGE_SIZE, useGroupProfiles } from '../../api/profiles';
import { feedback } from '../../lib/feedback-store';
import { deletedItemsPath } from '../../lib/paths';
import { isMembership } from '../../lib/format';
import { ErrorAlert } from '../parts';
import { Pager } from '../profile-parts';
import { titleCase } from './types';

/** Said when the user belongs to no working group that could take the item. */
export const noGroupsMessage = (noun: string) =>
  `You are not a member of any working group. Join one to give this ${noun} a profile.`;
export const NO_GROUPS_MESSAGE = noGroupsMessage('concept');
export const NO_PROFILES_MESSAGE = 'This working group has no profiles yet.';

interface GroupChoice {
  uuid: string;
  name: string;
}

/** Step 2: one of the group's profiles (drafts included, for members). */
function ProfileStep({
  group,
  value,
  onChange,
}: {
  group: GroupChoice;
  value: string | null;
  onChange: (profileId: string) => void;
}) {
  const [page, setPage] = useState(1);
  const list = useGroupProfiles(group.uuid, page);
  if (list.error) return <ErrorAlert error={list.error} title="Could not load the profiles" />;
  if (!list.data) {
    return (
      <Center py="md">
        <Loader role="progressbar" size="sm" aria-label="Loading the profiles" />
      </Center>
    );
  }
  const profiles = list.data.profiles.filter((p) => p.name !== ORPHAN_CONTAINER_NAME);
  if (profiles.length === 0 && list.data.total === 0)
    return <Text c="dimmed">{NO_PROFILES_MESSAGE}</Text>;
  return (
    <Stack gap="sm">
      <Radio.Group
        label={`Profile of ${group.name}`}
        value={value}
        onChange={onChange}
        withAsterisk
      >
        <Stack gap={8} mt={6}>
          {profiles.map((p) => (
            <Radio
              key={p.uuid}
              value={p.uuid}
              label={p.name}
              description={`Version ${p.version} · ${p.state === 'draft' ? 'Draft' : 'Published'}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Pager
        page={page}
        total={list.data.total}
        limit={list.data.limit || PROFILE_PAGE_SIZE}
        onChange={setPage}
      />
    </Stack>
  );
}

/**
 * Claiming an orphaned item (`noun`: 'concept', 'statement template', 'pattern'): the user picks
 * one of their working groups, then one of its profiles, and `onClaim` moves the item into that
 * profile. Afterwards the deleted items of the version it landed in open.
 */
export function ClaimDialog({
  itemName,
  noun,
  onClaim,
  onClose,
}: {
  itemName: string;
  noun: string;
  onClaim: (profileId: string) => Promise<{ versionId: string }>;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const groups = useMyOrganizations(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [step, setStep] = useState<1 | 2>(1);
  const [profileId, setProfileId] = useState<string | null>(null);
  const title = titleCase(noun);

  const mine = (groups.data ?? []).filter((g) => isMembership(g.membership));
  const group = mine.find((g) => g.uuid === groupId) ?? null;

  const close = () => {
    setError(null);
    setStep(1);
    setGroupId(null);
    setProfileId(null);
    onClose();
  };

  const confirm = () => {
    if (!group || !profileId) return;
    setBusy(true);
    setError(null);
    onClaim(profileId)
      .then((change) => {
        feedback.showSuccess({
          subject: `${title} claimed`,
          message: `${itemName} now belongs to the chosen profile.`,
        });
        close();
        void navigate(deletedItemsPath(group.uuid, profileId, change.versionId));
      })
      .catch((failure: unknown) => setError(failure))
      .finally(() => setBusy(false));
  };

  return (
    <Modal opened onClose={close} title={`Claim ${title}`} centered size="lg">
      <Stack gap="md">
        <Text size="sm">
          <strong>{itemName}</strong> has no profile. Choose a working group, then the profile it
          should belong to.
        </Text>
        {step === 1 ? (
          <>
            <ErrorAlert error={groups.error} title="Could not load your working groups" />
            {groups.data && mine.length === 0 ? (
              <Text c="dimmed">{noGroupsMessage(noun)}</Text>
            ) : (
              <Select
                label="Working Group"
                placeholder={groups.isLoading ? 'Loading…' : 'Choose a working group'}
                withAsterisk
                data={mine.map((g) => ({ value: g.uuid, label: g.name }))}
                value={groupId}
                onChange={(value) => {
                  setGroupId(value);
                  setProfileId(null);
                }}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button disabled={group === null} onClick={() => setStep(2)}>
                Continue
              </Button>
            </Group>
          </>
        ) : (
          group && (
            <>
              <ProfileStep group={group} value={profileId} onChange={setProfileId} />
              <ErrorAlert error={error} title="Not claimed" />
              <Group justify="space-between" gap="sm">
                <Button variant="default" onClick={() => setStep(1)}>
                  Back
                </Button>
                <Group gap="sm">
                  <Button variant="default" onClick={close}>
                    Cancel
                  </Button>
                  <Button disabled={profileId === null} loading={busy} onClick={confirm}>
                    Claim
                  </Button>
                </Group>
              </Group>
            </>
          )
        )}
      </Stack>
    </Modal>
  );
}
