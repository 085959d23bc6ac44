import { Anchor, Badge, Breadcrumbs, Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { DeletedItem } from '../../../common/items';
import {
  CONCEPT_PAGE_SIZE,
  useClaimConcept,
  useDeletedItems,
  useRestoreConcept,
} from '../../api/concepts';
import { useClaimPattern, useRestorePattern } from '../../api/patterns';
import { useProfileView } from '../../api/profiles';
import { useClaimTemplate, useRestoreTemplate } from '../../api/templates';
import { feedback } from '../../lib/feedback-store';
import { ClaimDialog } from '../../components/items/ClaimDialog';
import { PageHeading } from '../../components/PageHeading';
import { deletedItemsPath, groupPath, groupVersionPath, publicProfilePath } from '../../lib/paths';
import { ErrorAlert, HiddenHeader } from '../../components/parts';
import { formatDate } from '../../lib/format';
import { isMemberOf } from '../../lib/profiles';
import { Pager } from '../../components/profile-parts';
import { KIND_LABELS, KindCell } from './parts';

export const NO_DELETED_ITEMS = 'There are no deleted items.';
export const RESTORED_MESSAGE = 'The concept was restored to the profile.';

function ReasonBadge({ reason }: { reason: DeletedItem['reason'] }) {
  return (
    <Badge color={reason === 'orphaned' ? 'orange' : 'gray'} variant="light">
      {reason === 'orphaned' ? 'Orphaned' : 'Deleted'}
    </Badge>
  );
}

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

const KIND_NOUNS: Record<DeletedItem['kind'], string> = {
  concept: 'concept',
  template: 'statement template',
  pattern: 'pattern',
};

/** Restoring or claiming an item through the calls of its kind. */
function useAdoption(which: 'restore' | 'claim') {
  const concept = { restore: useRestoreConcept(), claim: useClaimConcept() }[which];
  const template = { restore: useRestoreTemplate(), claim: useClaimTemplate() }[which];
  const pattern = { restore: useRestorePattern(), claim: useClaimPattern() }[which];
  const [pendingId, setPendingId] = useState<string | null>(null);
  const run = async (item: DeletedItem, profileId: string): Promise<{ versionId: string }> => {
    setPendingId(item.uuid);
    try {
      if (item.kind === 'template')
        return await template.mutateAsync({ templateId: item.uuid, profileId });
      if (item.kind === 'pattern')
        return await pattern.mutateAsync({ patternId: item.uuid, profileId });
      return await concept.mutateAsync({ conceptId: item.uuid, profileId });
    } finally {
      setPendingId(null);
    }
  };
  return { run, pendingId, error: concept.error ?? template.error ?? pattern.error };
}

/**
 * /deleted-items/organization/{o}/profile/{p}/version/{v}: what was deleted from the profile
 * (members may restore it) and the orphans, left without a profile when theirs was deleted,
 * which anyone signed in may claim for a profile of one of their groups.
 */
export function DeletedItemsPage() {
  const { organizationId = '', profileId = '', versionId = '' } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page'));
  const profileView = useProfileView(profileId, versionId);
  const items = useDeletedItems(profileId, versionId, page);
  const restore = useAdoption('restore');
  const claim = useAdoption('claim');
  const [claiming, setClaiming] = useState<DeletedItem | null>(null);

  const member = profileView.data ? isMemberOf(profileView.data.profile) : false;
  const versionName = profileView.data
    ? `${profileView.data.version.name} (version ${profileView.data.version.version})`
    : null;

  const restoreItem = (item: DeletedItem) =>
    restore
      .run(item, profileId)
      .then((change) => {
        feedback.showSuccess({
          subject: `${KIND_LABELS[item.kind]} restored`,
          message: RESTORED_MESSAGE,
        });
        if (change.versionId !== versionId)
          void navigate(deletedItemsPath(organizationId, profileId, change.versionId));
      })
      .catch(() => undefined);

  const action = (item: DeletedItem) => {
    if (item.reason === 'orphaned') {
      return (
        <Button size="compact-sm" variant="light" onClick={() => setClaiming(item)}>
          Claim
        </Button>
      );
    }
    if (!member) return null;
    return (
      <Button
        size="compact-sm"
        variant="light"
        loading={restore.pendingId === item.uuid}
        onClick={() => void restoreItem(item)}
        aria-label={`Restore ${item.name}`}
      >
        Restore
      </Button>
    );
  };

  const data = items.data;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={groupPath(organizationId)} size="sm">
          {profileView.data?.profile.organization.name ?? 'Working Group'}
        </Anchor>
        <Anchor
          component={Link}
          to={groupVersionPath(organizationId, profileId, versionId)}
          size="sm"
        >
          {versionName ?? 'Profile'}
        </Anchor>
      </Breadcrumbs>
      <PageHeading>Deleted Items</PageHeading>
      <Text c="dimmed" maw={760} mt={-8}>
        Items deleted from {versionName ? <strong>{versionName}</strong> : 'this profile'}, which
        its members may restore, and orphaned items, left without a profile when theirs was deleted,
        which you may claim for a profile of one of your working groups.
      </Text>
      <ErrorAlert error={items.error} title="Could not load the deleted items" />
      <ErrorAlert error={restore.error} title="Not restored" />
      {data && (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="sm" aria-label="Deleted items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Parent Profile</Table.Th>
                  <Table.Th>Deleted</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <HiddenHeader label="Actions" w={110} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text c="dimmed" ta="center" py="md">
                        {NO_DELETED_ITEMS}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  data.items.map((item) => (
                    <Table.Tr key={item.uuid}>
                      <Table.Td>
                        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {item.name}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                          {item.iri}
                        </Text>
                      </Table.Td>
                      <KindCell item={item} />
                      <Table.Td>
                        {item.parentProfile ? (
                          <Anchor
                            component={Link}
                            to={publicProfilePath(item.parentProfile.uuid)}
                            size="sm"
                          >
                            {item.parentProfile.name}
                          </Anchor>
                        ) : (
                          <Text span size="sm" c="dimmed">
                            None
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{formatDate(item.deletedOn ?? item.updatedOn)}</Table.Td>
                      <Table.Td>
                        <ReasonBadge reason={item.reason} />
                      </Table.Td>
                      <Table.Td>{action(item)}</Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            page={page}
            total={data.total}
            limit={data.limit || CONCEPT_PAGE_SIZE}
            onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
          />
        </>
      )}
      {claiming && (
        <ClaimDialog
          itemName={claiming.name}
          noun={KIND_NOUNS[claiming.kind]}
          onClaim={(id) => claim.run(claiming, id)}
          onClose={() => setClaiming(null)}
        />
      )}
    </Stack>
  );
}
