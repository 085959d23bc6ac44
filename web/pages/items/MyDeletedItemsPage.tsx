import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { DeletedItemPlace, MyDeletedItem } from '../../../common/items';
import { CONCEPT_PAGE_SIZE, useMyDeletedItems } from '../../api/concepts';
import { deletedItemsPath } from '../../lib/paths';
import { PageHeading } from '../../components/PageHeading';
import { formatDate } from '../../lib/format';
import { ErrorAlert } from '../../components/parts';
import { Pager } from '../../components/profile-parts';
import { KindCell } from './parts';

export const NO_DELETED_ITEMS_ANYWHERE =
  'There are no deleted items in the profiles of your working groups.';

const placePath = (place: DeletedItemPlace) =>
  deletedItemsPath(place.organization.uuid, place.profile.uuid, place.versionId);

interface ProfileGroup {
  place: DeletedItemPlace;
  items: MyDeletedItem[];
}

interface WorkingGroup {
  organization: DeletedItemPlace['organization'];
  profiles: ProfileGroup[];
}

/** The page's items, already sorted by group and profile, gathered under each. */
function grouped(items: MyDeletedItem[]): WorkingGroup[] {
  const groups: WorkingGroup[] = [];
  for (const item of items) {
    let group = groups.at(-1);
    if (group?.organization.uuid !== item.place.organization.uuid) {
      group = { organization: item.place.organization, profiles: [] };
      groups.push(group);
    }
    let profile = group.profiles.at(-1);
    if (profile?.place.profile.uuid !== item.place.profile.uuid) {
      profile = { place: item.place, items: [] };
      group.profiles.push(profile);
    }
    profile.items.push(item);
  }
  return groups;
}

function ProfileItems({ profile }: { profile: ProfileGroup }) {
  const name = profile.place.profile.name;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h5">
          {name}
        </Title>
        <Anchor component={Link} to={placePath(profile.place)} size="sm">
          {`Open the Deleted Items of ${name}`}
        </Anchor>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs" aria-label={`Deleted items of ${name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Deleted</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {profile.items.map((item) => (
              <Table.Tr key={item.uuid}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={placePath(item.place)}
                    size="sm"
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {item.name}
                  </Anchor>
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {item.iri}
                  </Text>
                </Table.Td>
                <KindCell item={item} />
                <Table.Td>{formatDate(item.deletedOn ?? item.updatedOn)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * /deleted-items: what was deleted from every profile of the person's working groups, by group
 * and profile, each leading to its version's Deleted Items page where it is restored; and how
 * many orphans wait to be claimed into one of their profiles.
 */
export function MyDeletedItemsPage() {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const answer = useMyDeletedItems(page);
  const data = answer.data;

  return (
    <Stack gap="md">
      <PageHeading>Deleted Items</PageHeading>
      <Text c="dimmed" maw={760} mt={-8}>
        Items deleted from the profiles of your working groups. Open an item to restore it from its
        profile&apos;s Deleted Items.
      </Text>
      <ErrorAlert error={answer.error} title="Could not load the deleted items" />
      {data && (
        <>
          {data.orphans.total > 0 && data.orphans.place && (
            <Group gap="xs">
              <Badge color="orange" variant="light">
                Orphaned
              </Badge>
              <Text size="sm">
                {data.orphans.total === 1
                  ? '1 orphaned item, left without a profile, may be claimed.'
                  : `${data.orphans.total} orphaned items, left without a profile, may be claimed.`}
              </Text>
              <Anchor component={Link} to={placePath(data.orphans.place)} size="sm">
                Claim orphaned items
              </Anchor>
            </Group>
          )}
          {data.items.length === 0 ? (
            <Text c="dimmed" py="md">
              {NO_DELETED_ITEMS_ANYWHERE}
            </Text>
          ) : (
            grouped(data.items).map((group) => (
              <Stack key={group.organization.uuid} gap="sm">
                <Title order={2} size="h4">
                  {group.organization.name}
                </Title>
                {group.profiles.map((profile) => (
                  <ProfileItems key={profile.place.profile.uuid} profile={profile} />
                ))}
              </Stack>
            ))
          )}
          <Pager
            page={page}
            total={data.total}
            limit={data.limit || CONCEPT_PAGE_SIZE}
            onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
          />
        </>
      )}
    </Stack>
  );
}
