import { Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useParams } from 'react-router';
import type { ItemRowBasics } from '../../../common/items';
import { MAX_PAGE_SIZE } from '../../../common/pagination';
import { useComparison, type SiteComparison } from '../../api/changes';
import { useVersionConcepts } from '../../api/concepts';
import { useVersionPatterns } from '../../api/patterns';
import { useReviewState } from '../../api/reviews';
import { useVersionTemplates } from '../../api/templates';
import { Changelog, type ShownComparison } from '../../components/changes/Changelog';
import { PageHeading } from '../../components/PageHeading';
import { ErrorAlert } from '../../components/parts';
import { ITEM_FIELDS } from '../../components/reviews/field-choices';
import { Threads } from '../../components/reviews/Threads';
import { ReviewPanel } from '../../components/reviews/ReviewPanel';
import { publicVersionPath, reviewPath } from '../../lib/paths';

const shown = (comparison: SiteComparison): ShownComparison => ({
  changes: comparison.changes,
  links: comparison.links,
  from: { kind: 'version', uuid: comparison.from.uuid, version: comparison.from.version },
  to: { kind: 'version', uuid: comparison.to.uuid, version: comparison.to.version },
});

/** Where an item of the draft is on this page: `concepts/{uuid}` becomes its section's anchor. */
const anchorOf = (sub = '') => sub.replace(/\//g, '-');

/** What the draft changes against the published version it would follow. */
function DraftChanges({
  profileId,
  versionId,
  publishedVersionId,
}: {
  profileId: string;
  versionId: string;
  publishedVersionId: string;
}) {
  const query = useComparison(profileId, publishedVersionId, versionId);
  const titleId = useId();
  // The draft's items are on this page; the published version's on its public pages.
  const paths = (version: string, sub?: string) =>
    version === versionId
      ? `${reviewPath(profileId, versionId)}#${anchorOf(sub)}`
      : publicVersionPath(profileId, version, sub);
  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Title order={2} size="h4" id={titleId}>
        What this draft changes
      </Title>
      <ErrorAlert error={query.error} title="Could not compare the versions" />
      {query.isLoading && (
        <Center py="md">
          <Loader aria-label="Comparing the versions" />
        </Center>
      )}
      {query.data && (
        <Changelog
          comparison={shown(query.data)}
          profileId={profileId}
          paths={paths}
          suggestNumber={false}
          unchanged="The draft has the same content as the published version."
        />
      )}
    </Stack>
  );
}

/** The draft's own items of one kind, each with what it says and its discussion. */
function DraftItems({
  profileId,
  versionId,
  title,
  segment,
  rows,
  open,
}: {
  profileId: string;
  versionId: string;
  title: string;
  segment: string;
  rows: ItemRowBasics[] | undefined;
  open: boolean;
}) {
  const own = (rows ?? []).filter((row) => !row.linked);
  const titleId = useId();
  if (own.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Title order={3} size="h5" id={titleId}>
        {title} ({own.length})
      </Title>
      {own.map((row) => (
        <Paper
          key={row.uuid}
          id={anchorOf(`${segment}/${row.uuid}`)}
          component="article"
          aria-label={row.name}
          withBorder
          p="md"
          radius="md"
        >
          <Stack gap="xs">
            <Title order={4} size="h5">
              {row.name}
            </Title>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {row.iri} · {row.status}
            </Text>
            <Text size="sm">{row.description}</Text>
            <Threads
              profileId={profileId}
              versionId={versionId}
              itemId={row.uuid}
              fields={ITEM_FIELDS}
              open={open}
              heading={`Discussion of ${row.name}`}
              headingOrder={5}
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** What the draft holds: its own concepts, templates and patterns, to read and discuss. */
function DraftContent({
  profileId,
  versionId,
  open,
}: {
  profileId: string;
  versionId: string;
  open: boolean;
}) {
  const params = { page: 1, sort: 'name', limit: MAX_PAGE_SIZE } as const;
  const concepts = useVersionConcepts(profileId, versionId, params);
  const templates = useVersionTemplates(profileId, versionId, params);
  const patterns = useVersionPatterns(profileId, versionId, params);
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} gap="md">
      <Title order={2} size="h4" id={titleId}>
        What this draft holds
      </Title>
      <ErrorAlert error={concepts.error ?? templates.error ?? patterns.error} />
      <DraftItems
        profileId={profileId}
        versionId={versionId}
        title="Concepts"
        segment="concepts"
        rows={concepts.data?.concepts}
        open={open}
      />
      <DraftItems
        profileId={profileId}
        versionId={versionId}
        title="Statement templates"
        segment="templates"
        rows={templates.data?.templates}
        open={open}
      />
      <DraftItems
        profileId={profileId}
        versionId={versionId}
        title="Patterns"
        segment="patterns"
        rows={patterns.data?.patterns}
        open={open}
      />
    </Stack>
  );
}

/**
 * A draft's review on a page of its own: where an invited reviewer (who cannot open the group's
 * pages) reads what the draft changes and holds, discusses it and its items, and submits a
 * review; members reach it too.
 */
export function ReviewPage() {
  const { profileId = '', versionId = '' } = useParams();
  const state = useReviewState(profileId, versionId);
  const subject = state.data?.subject;
  // Open while it is the draft: a published version's review is settled.
  const open = subject?.open ?? false;
  return (
    <Container size="md" px={0} py="md">
      <PageHeading>
        {subject ? `Review of ${subject.name}, version ${subject.version}` : 'Review'}
      </PageHeading>
      <ErrorAlert error={state.error} />
      {state.data && (
        <Stack gap="lg">
          {state.data.viewer === 'reviewer' && (
            <Text size="sm">
              You were invited to review this draft: you can read what it changes and holds, discuss
              it and its items, and submit your review. Only the working group edits it.
            </Text>
          )}
          <ReviewPanel profileId={profileId} versionId={versionId} open={open} />
          <Threads
            profileId={profileId}
            versionId={versionId}
            open={open}
            heading="Discussion of the version"
          />
          {subject?.publishedVersionId && open && (
            <DraftChanges
              profileId={profileId}
              versionId={versionId}
              publishedVersionId={subject.publishedVersionId}
            />
          )}
          <DraftContent profileId={profileId} versionId={versionId} open={open} />
        </Stack>
      )}
    </Container>
  );
}
