import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ChangeSetDto, ItemChangeDto, ItemLink } from '../../../common/changes';
import { useVersionDocument } from '../../api/profiles';
import { typeLabel } from '../../lib/concept-values';
import { CHANGE_LABELS, KIND_HEADINGS, VERSION_PARTS } from '../../../xapi/changes/words';
import type { VersionPaths } from '../items/ItemsListPage';

type Impact = 'breaking' | 'additive' | 'editorial';

/** Filled badges in dark shades: their small white text passes WCAG AA contrast (4.5:1). */
const IMPACT_COLORS: Record<Impact, string> = {
  breaking: 'red.9',
  additive: '#1e6b30',
  editorial: 'gray.7',
};

/** Links on white: the theme's blue is a little light for small text. */
const LINK_COLOR = 'blue.9';

export function ImpactBadge({ impact }: { impact: Impact }) {
  return (
    // Beside a long description (a rule's JSONPath) a badge that shrank read "BREAKI…".
    <Badge color={IMPACT_COLORS[impact]} variant="filled" size="sm" style={{ flexShrink: 0 }}>
      {impact}
    </Badge>
  );
}

/**
 * The changes the summary counts, as the list below shows them: each field change with its own
 * impact, and an item with no field changes (added, removed) once. An item's badge is the
 * strongest of its fields, so counting items would hide an editorial field under a breaking item.
 */
export function shownImpacts(changes: ChangeSetDto): Record<Impact, number> {
  const counts: Record<Impact, number> = { breaking: 0, additive: 0, editorial: 0 };
  for (const field of changes.profile) counts[field.impact] += 1;
  for (const item of changes.items) {
    if (item.fields.length === 0) counts[item.impact] += 1;
    for (const field of item.fields) counts[field.impact] += 1;
  }
  return counts;
}

const KINDS = [
  { kind: 'concept', title: KIND_HEADINGS.concept, segment: 'concepts' },
  { kind: 'template', title: KIND_HEADINGS.template, segment: 'templates' },
  { kind: 'pattern', title: KIND_HEADINGS.pattern, segment: 'patterns' },
] as const;

/**
 * One side of a comparison as shown: a stored version, whose item pages are linked and whose
 * JSON is read from the server, or a file that is not stored, whose JSON is at hand.
 */
export type ChangeSide =
  | { kind: 'version'; uuid: string; version: number; title?: string }
  | { kind: 'file'; name: string; document: unknown };

/** A change set between two sides, with the item pages of the stored ones. */
export interface ShownComparison {
  changes: ChangeSetDto;
  links: ItemLink[];
  from: ChangeSide;
  to: ChangeSide;
}

const titleOf = (side: ChangeSide) =>
  side.kind === 'version' ? (side.title ?? `Version ${side.version}`) : `The file “${side.name}”`;

/** The JSON of one item in a version document, or undefined when the version does not have it. */
/** What changed in a profile's or an item's fields, each change with its impact. */
function FieldChanges({ fields }: { fields: ChangeSetDto['profile'] }) {
  return (
    <List size="sm" spacing={2}>
      {fields.map((field, index) => (
        <List.Item key={`${field.field}-${index}`}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <ImpactBadge impact={field.impact} />
            <Text size="sm">{field.description}</Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

function itemIn(document: unknown, kind: string, iri: string): unknown {
  if (!document || typeof document !== 'object') return undefined;
  const key = kind === 'concept' ? 'concepts' : kind === 'template' ? 'templates' : 'patterns';
  const list = (document as Record<string, unknown>)[key];
  if (!Array.isArray(list)) return undefined;
  return list.find((i) => i && typeof i === 'object' && (i as { id?: unknown }).id === iri);
}

function JsonColumn({
  title,
  document,
  kind,
  iri,
  loading,
}: {
  title: string;
  document: unknown;
  kind: string;
  iri: string;
  loading: boolean;
}) {
  const item = itemIn(document, kind, iri);
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {loading ? (
        <Loader size="sm" aria-label={`Loading ${title}`} />
      ) : item === undefined ? (
        <Text size="sm">Not in this version.</Text>
      ) : (
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {JSON.stringify(item, null, 2)}
        </Code>
      )}
    </Stack>
  );
}

/** A stored version's column: its document is read from the server. */
function VersionColumn({
  profileId,
  side,
  kind,
  iri,
}: {
  profileId: string;
  side: Extract<ChangeSide, { kind: 'version' }>;
  kind: string;
  iri: string;
}) {
  const document = useVersionDocument(profileId, side.uuid);
  return (
    <JsonColumn
      title={titleOf(side)}
      document={document.data}
      kind={kind}
      iri={iri}
      loading={document.isPending}
    />
  );
}

function SideColumn(props: { profileId: string; side: ChangeSide; kind: string; iri: string }) {
  const { side } = props;
  if (side.kind === 'version') return <VersionColumn {...props} side={side} />;
  return (
    <JsonColumn
      title={titleOf(side)}
      document={side.document}
      kind={props.kind}
      iri={props.iri}
      loading={false}
    />
  );
}

/** One item's JSON on both sides, side by side. */
function SideBySide({
  profileId,
  comparison,
  item,
}: {
  profileId: string;
  comparison: ShownComparison;
  item: ItemChangeDto;
}) {
  return (
    <SimpleGrid
      cols={{ base: 1, md: 2 }}
      spacing="sm"
      aria-label={`JSON of ${item.label} in both versions`}
      role="group"
    >
      <SideColumn
        profileId={profileId}
        side={comparison.from}
        kind={item.kind}
        iri={item.previousId ?? item.id}
      />
      <SideColumn profileId={profileId} side={comparison.to} kind={item.kind} iri={item.id} />
    </SimpleGrid>
  );
}

/** The link to an item's page in a stored version, when it has one there. */
function ItemLinkTo({
  side,
  itemId,
  paths,
  segment,
}: {
  side: ChangeSide;
  itemId: string | null | undefined;
  paths: VersionPaths;
  segment: string;
}) {
  if (side.kind !== 'version' || !itemId) return null;
  return (
    <Anchor component={Link} to={paths(side.uuid, `${segment}/${itemId}`)} size="sm" c={LINK_COLOR}>
      In version {side.version}
    </Anchor>
  );
}

function ItemCard({
  item,
  link,
  comparison,
  profileId,
  paths,
  segment,
}: {
  item: ItemChangeDto;
  link: ItemLink | undefined;
  comparison: ShownComparison;
  profileId: string;
  paths: VersionPaths;
  segment: string;
}) {
  const [showJson, setShowJson] = useState(false);
  return (
    <Paper
      withBorder
      p="sm"
      component="li"
      aria-label={`${CHANGE_LABELS[item.change]}: ${item.label}`}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{CHANGE_LABELS[item.change]}</Text>
          <ImpactBadge impact={item.impact} />
          <Text>
            {typeLabel(item.type)} “{item.label}”
          </Text>
        </Group>
        <Code style={{ wordBreak: 'break-all', alignSelf: 'flex-start' }}>{item.id}</Code>
        {item.previousId && (
          <Text size="sm">
            Was <Code style={{ wordBreak: 'break-all' }}>{item.previousId}</Code>
          </Text>
        )}
        {item.fields.length > 0 && <FieldChanges fields={item.fields} />}
        <Group gap="md">
          <ItemLinkTo side={comparison.from} itemId={link?.from} paths={paths} segment={segment} />
          <ItemLinkTo side={comparison.to} itemId={link?.to} paths={paths} segment={segment} />
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={showJson}
            onClick={() => setShowJson((shown) => !shown)}
          >
            {showJson ? 'Hide JSON' : 'Show JSON side by side'}
          </Button>
        </Group>
        {showJson && <SideBySide profileId={profileId} comparison={comparison} item={item} />}
      </Stack>
    </Paper>
  );
}

/**
 * The changelog between two sides: summary, warnings, profile changes, items by kind. The
 * Compare screen shows it for two versions; the Import screen for a draft and a file.
 */
export function Changelog({
  comparison,
  profileId,
  paths,
  onDownload,
  unchanged = 'The two versions have the same content: nothing changed.',
  suggestNumber = true,
}: {
  comparison: ShownComparison;
  profileId: string;
  paths: VersionPaths;
  /** Saves the changelog as Markdown; no download is offered without it. */
  onDownload?: (() => void) | undefined;
  /** What is said when nothing changed. */
  unchanged?: string;
  /** Whether to suggest the next version number: not when the change is no publication. */
  suggestNumber?: boolean;
}) {
  const { changes } = comparison;
  const links = new Map(comparison.links.map((l) => [`${l.kind} ${l.iri}`, l]));
  if (changes.impact === 'none') return <Text>{unchanged}</Text>;
  const bump = changes.suggestedVersion;
  const shown = shownImpacts(changes);
  return (
    <Stack gap="md">
      <Group gap="sm" aria-label="Summary" role="group">
        <Badge color={IMPACT_COLORS.breaking} variant="filled">
          {shown.breaking} breaking
        </Badge>
        <Badge color={IMPACT_COLORS.additive} variant="filled">
          {shown.additive} additive
        </Badge>
        <Badge color={IMPACT_COLORS.editorial} variant="filled">
          {shown.editorial} editorial
        </Badge>
        {onDownload && (
          <Button variant="default" size="compact-sm" onClick={onDownload}>
            Download changelog (Markdown)
          </Button>
        )}
      </Group>
      {suggestNumber && (
        <Text size="sm">
          {bump.next
            ? `Suggested version number: ${bump.next} (${VERSION_PARTS[bump.part]}). `
            : `Suggested change: ${VERSION_PARTS[bump.part]}. `}
          {bump.reason}
        </Text>
      )}
      {changes.warnings.length > 0 && (
        <Alert color="orange" variant="light" title="Where the specification expects a new IRI">
          <List size="sm" spacing={4}>
            {changes.warnings.map((w, i) => (
              <List.Item key={`${w.id}-${i}`}>{w.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {changes.profile.length > 0 && (
        <Box component="section" aria-labelledby="changes-profile">
          <Title order={3} size="h4" id="changes-profile" mb="xs">
            Profile
          </Title>
          <FieldChanges fields={changes.profile} />
        </Box>
      )}
      {KINDS.map(({ kind, title, segment }) => {
        const items = changes.items.filter((i) => i.kind === kind);
        if (items.length === 0) return null;
        return (
          <Box component="section" key={kind} aria-labelledby={`changes-${kind}`}>
            <Title order={3} size="h4" id={`changes-${kind}`} mb="xs">
              {title} ({items.length})
            </Title>
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((item) => (
                <ItemCard
                  key={`${item.change} ${item.id}`}
                  item={item}
                  link={links.get(`${kind} ${item.id}`)}
                  comparison={comparison}
                  profileId={profileId}
                  paths={paths}
                  segment={segment}
                />
              ))}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
