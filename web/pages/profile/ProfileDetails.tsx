import { Anchor, Badge, Code, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Profile, ProfileVersion } from '../../../common/profiles';
import { TranslationsTable } from '../../components/items/fields';
import { formatDate } from '../../lib/format';
import { groupPath } from '../../lib/paths';
import { StateBadge } from '../../components/profile-parts';

function Item({
  label,
  children,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Stack gap={2} style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </Stack>
  );
}

/** Everything the version says about the profile itself. */
export function ProfileDetails({
  profile,
  version,
}: {
  profile: Profile;
  version: ProfileVersion;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Profile details">
      <SimpleGrid
        component="dl"
        cols={{ base: 1, sm: 2, md: 3 }}
        spacing="lg"
        verticalSpacing="md"
        m={0}
      >
        <Item label="IRI" wide>
          <Code style={{ wordBreak: 'break-all' }}>{profile.iri}</Code>
        </Item>
        <Item label="Version IRI" wide>
          <Code style={{ wordBreak: 'break-all' }}>{version.iri}</Code>
        </Item>
        <Item label="Name" wide>
          {version.name}
        </Item>
        <Item label="Description" wide>
          <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {version.description}
          </Text>
        </Item>
        <Item label="Translations" wide>
          <TranslationsTable item={version} />
        </Item>
        <Item label="More Information" wide>
          {version.moreInformation ? (
            <Anchor
              href={version.moreInformation}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
            >
              {version.moreInformation}
            </Anchor>
          ) : (
            <Text span size="sm" c="dimmed">
              None
            </Text>
          )}
        </Item>
        <Item label="Tags" wide>
          {version.tags.length === 0 ? (
            <Text span size="sm" c="dimmed">
              None
            </Text>
          ) : (
            <Group gap={6}>
              {version.tags.map((tag) => (
                <Badge key={tag} variant="light" color="gray" tt="none">
                  {tag}
                </Badge>
              ))}
            </Group>
          )}
        </Item>
        <Item label="Version">{version.version}</Item>
        <Item label="State">
          <StateBadge state={version.state} />
        </Item>
        <Item label="Verified">{version.isVerified ? 'Yes' : 'No'}</Item>
        <Item label="Updated">{formatDate(version.updatedOn)}</Item>
        <Item label="Published">
          {version.publishedOn ? formatDate(version.publishedOn) : 'Not yet'}
        </Item>
        <Item label="Working Group">
          <Anchor component={Link} to={groupPath(profile.organization.uuid)} size="sm">
            {profile.organization.name}
          </Anchor>
        </Item>
      </SimpleGrid>
    </Paper>
  );
}
