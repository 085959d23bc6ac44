import {
  Anchor,
  Button,
  DataList,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { useGroupArea } from './OrganizationArea';
import { editOrganizationPath } from '../../lib/paths';

/** A link is followed only when it is a web address; anything else is shown as text. */
function CollaborationLink({ href }: { href: string }) {
  if (!href.startsWith('http')) return <Text span>{href}</Text>;
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      style={{ wordBreak: 'break-all' }}
    >
      {href}
    </Anchor>
  );
}

/** /about: what the group is, where it works, and who started it. */
export function AboutTab() {
  const { organization, access, organizationId } = useGroupArea();
  // Labels above values on narrow screens, beside them from `sm` up.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4">
            About this Working Group
          </Title>
          {access.isMember && (
            <Button component={Link} to={editOrganizationPath(organizationId)} variant="light">
              Edit Working Group Details
            </Button>
          )}
        </Group>
        <DataList labelWidth={170} gap="md" orientation={orientation}>
          <DataList.Item>
            <DataList.ItemLabel>Name</DataList.ItemLabel>
            <DataList.ItemValue>{organization.name}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Description</DataList.ItemLabel>
            <DataList.ItemValue>
              {organization.description ? (
                <Text span style={{ whiteSpace: 'pre-wrap' }}>
                  {organization.description}
                </Text>
              ) : (
                <Text span c="dimmed" fs="italic">
                  No description
                </Text>
              )}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Collaboration Link</DataList.ItemLabel>
            <DataList.ItemValue>
              <CollaborationLink href={organization.collaborationLink} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Date Created</DataList.ItemLabel>
            <DataList.ItemValue>{formatDate(organization.createdOn)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Created By</DataList.ItemLabel>
            <DataList.ItemValue>{organization.createdBy ?? 'Unknown'}</DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </Stack>
    </Paper>
  );
}
