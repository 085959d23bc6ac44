import { Anchor, Badge, Code, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { groupPath, publicProfilePath } from '../../lib/paths';
import { languageName } from '../../lib/languages';
import type { ParentProfile } from './types';

/** One labelled value of a description list; `wide` spans every column. */
export function Field({
  label,
  children,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Stack gap={2} style={wide ? { gridColumn: '1 / -1', minWidth: 0 } : { minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** An empty value, said as such. */
export const None = () => (
  <Text span size="sm" c="dimmed">
    None
  </Text>
);

/** An IRI as code; one that looks like a web address is also a link. */
export function IriText({ iri }: { iri: string }) {
  const code = <Code style={{ wordBreak: 'break-all' }}>{iri}</Code>;
  return /^https?:\/\//i.test(iri) ? (
    <Anchor href={iri} target="_blank" rel="noreferrer" size="sm">
      {code}
    </Anchor>
  ) : (
    code
  );
}

/** A description list laid out in columns. */
export function FieldGrid({ children, cols = 3 }: { children: ReactNode; cols?: number }) {
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, sm: Math.min(2, cols), md: cols }}
      spacing="lg"
      verticalSpacing="md"
      m={0}
    >
      {children}
    </SimpleGrid>
  );
}

/** One translation of an item's name and description. */
interface Translation {
  language: string;
  translationName: string;
  translationDesc: string;
}

/** The translations of a profile or an item: language, name, description. */
export function TranslationsTable({ item }: { item: { translations: readonly Translation[] } }) {
  if (item.translations.length === 0) return <None />;
  return (
    // Three columns fit any width: the name and description wrap, a long word anywhere, so on a
    // phone the description stays on screen instead of past its edge.
    <Table withTableBorder aria-label="Translations">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Language</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>Description</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {item.translations.map((t) => (
          <Table.Tr key={t.language} style={{ verticalAlign: 'top' }}>
            <Table.Td>
              {languageName(t.language)} ({t.language})
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{t.translationName}</Table.Td>
            <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {t.translationDesc}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Where an item comes from: its parent profile and that profile's working group. */
export function ParentFields({
  item,
  groupLabel,
}: {
  item: { parentProfile: ParentProfile | null };
  groupLabel: string;
}) {
  const parent = item.parentProfile;
  const missing = (text: string) => (
    <Text span size="sm" c="dimmed">
      {text}
    </Text>
  );
  return (
    <>
      <Field label="Parent Profile">
        {parent ? (
          <Anchor component={Link} to={publicProfilePath(parent.uuid)} size="sm">
            {parent.name}
          </Anchor>
        ) : (
          missing('None (orphaned)')
        )}
      </Field>
      <Field label={groupLabel}>
        {parent ? (
          <Anchor component={Link} to={groupPath(parent.organization.uuid)} size="sm">
            {parent.organization.name}
          </Anchor>
        ) : (
          missing('Unknown')
        )}
      </Field>
    </>
  );
}

/** The tags of an item as small badges, or None. */
export function TagList({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <None />;
  return (
    <Group gap={4} component="span">
      {tags.map((tag) => (
        <Badge key={tag} variant="outline" color="gray" size="sm" tt="none">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}
