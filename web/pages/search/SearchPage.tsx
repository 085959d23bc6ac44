import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Highlight,
  NativeSelect,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { typeLabel } from '../../lib/concept-values';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CONCEPT_TYPES, conceptTypeSchema, type ConceptType } from '../../../common/concepts';
import {
  SEARCH_CATEGORIES,
  SEARCH_PAGE_MAX,
  SEARCH_PAGE_SIZE,
  SEARCH_PAGER_SPAN,
  SEARCH_PREVIEW_SIZE,
  type ItemResult,
  type ProfileResult,
  type SearchCategory,
} from '../../../common/search';
import { useSearch, type SearchParams } from '../../api/search';
import { formatDate } from '../../lib/format';
import { groupPath, publicProfilePath } from '../../lib/paths';
import { ErrorAlert } from '../../components/parts';
import { VerifiedBadge } from '../../components/profile-parts';
import { Pager } from '../../components/Pager';

export const NO_RESULTS = 'No results for the query';

/** The primary colour's shade that keeps white text above 4.5:1 contrast. */
const STRONG = 'indigo.8';
/** Help text in a grey dark enough to read (4.5:1). */
const QUIET = { description: { color: 'var(--mantine-color-gray-7)' } };

type Tab = 'all' | SearchCategory;

const TAB_LABELS: Record<Tab, string> = {
  all: 'All',
  profiles: 'Profiles',
  concepts: 'Concepts',
  templates: 'Statement Templates',
  patterns: 'Patterns',
};

const ITEM_PATH: Record<Exclude<SearchCategory, 'profiles'>, string> = {
  concepts: 'concepts',
  templates: 'templates',
  patterns: 'patterns',
};

const CONCEPT_TYPE_LABELS: Record<ConceptType, string> = {
  Verb: 'Verb',
  ActivityType: 'Activity Type',
  AttachmentUsageType: 'Attachment Usage Type',
  Activity: 'Activity',
  Document: 'Document',
  Extension: 'Extension',
};

/** The words of the search text, to mark in what the results show. */
export function wordsOf(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/** The search page's state, all of it in the URL: shareable, and the back button works. */
function useSearchState() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('types');
  const tab: Tab = (SEARCH_CATEGORIES as readonly string[]).includes(tabParam ?? '')
    ? (tabParam as SearchCategory)
    : 'all';
  const page = Math.min(
    Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    SEARCH_PAGE_MAX,
  );
  const conceptType = conceptTypeSchema.safeParse(params.get('conceptType')).data;
  const state = {
    search: params.get('search') ?? '',
    tab,
    page,
    deprecated: params.get('deprecated') === 'true',
    verified: params.get('verified') === 'true',
    conceptType,
  };
  const update = (change: Partial<typeof state>) => {
    const next = { ...state, page: 1, ...change };
    const query = new URLSearchParams();
    if (next.search) query.set('search', next.search);
    if (next.tab !== 'all') query.set('types', next.tab);
    if (next.page > 1) query.set('page', String(next.page));
    if (next.deprecated) query.set('deprecated', 'true');
    if (next.verified) query.set('verified', 'true');
    if (next.tab === 'concepts' && next.conceptType) query.set('conceptType', next.conceptType);
    setParams(query);
  };
  return { ...state, update };
}

export function SearchPage() {
  const state = useSearchState();
  const words = wordsOf(state.search);
  const base = {
    search: state.search,
    deprecated: state.deprecated,
    verified: state.verified,
  };

  return (
    <Stack gap="md">
      <Title order={1}>Search</Title>
      <SearchBox
        key={state.search}
        initial={state.search}
        onSearch={(search) => state.update({ search })}
      />
      <Group gap="lg">
        <Checkbox
          label="Deprecated"
          description="Also show deprecated concepts, templates and patterns"
          styles={QUIET}
          checked={state.deprecated}
          onChange={(e) => state.update({ deprecated: e.currentTarget.checked, tab: state.tab })}
        />
        <Checkbox
          label="Verified"
          description="Only what verified profiles publish"
          styles={QUIET}
          checked={state.verified}
          onChange={(e) => state.update({ verified: e.currentTarget.checked, tab: state.tab })}
        />
      </Group>
      <Tabs
        color={STRONG}
        value={state.tab}
        onChange={(value) => state.update({ tab: (value ?? 'all') as Tab })}
        keepMounted={false}
      >
        <Tabs.List>
          {(['all', ...SEARCH_CATEGORIES] as Tab[]).map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {TAB_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="all" pt="md">
          <Stack gap="xl">
            {SEARCH_CATEGORIES.map((category) => (
              <Preview
                key={category}
                category={category}
                params={{ ...base, page: 1, limit: SEARCH_PREVIEW_SIZE }}
                words={words}
                onMore={() => state.update({ tab: category })}
              />
            ))}
          </Stack>
        </Tabs.Panel>
        {SEARCH_CATEGORIES.map((category) => (
          <Tabs.Panel key={category} value={category} pt="md">
            {category === 'concepts' ? (
              <NativeSelect
                label="Concept type"
                mb="md"
                maw={280}
                value={state.conceptType ?? ''}
                onChange={(e) =>
                  state.update({
                    tab: 'concepts',
                    conceptType: conceptTypeSchema.safeParse(e.currentTarget.value).data,
                  })
                }
                data={[
                  { value: '', label: 'All types' },
                  ...CONCEPT_TYPES.map((t) => ({ value: t, label: CONCEPT_TYPE_LABELS[t] })),
                ]}
              />
            ) : null}
            <CategoryPage
              category={category}
              params={{
                ...base,
                page: state.page,
                limit: SEARCH_PAGE_SIZE,
                conceptType: category === 'concepts' ? state.conceptType : undefined,
              }}
              words={words}
              onPage={(page) => state.update({ tab: category, page })}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** The search box; drawn anew (with the URL's text) whenever the searched text changes. */
function SearchBox({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} role="search" aria-label="Search the site">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Search text"
          placeholder="Search for existing content"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={200}
          style={{ flex: 1 }}
        />
        <Button type="submit" color={STRONG}>
          Search
        </Button>
      </Group>
    </form>
  );
}

function Preview({
  category,
  params,
  words,
  onMore,
}: {
  category: SearchCategory;
  params: SearchParams;
  words: string[];
  onMore: () => void;
}) {
  const { data, error } = useSearch(category, params);
  const headingId = `search-${category}`;
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id={headingId}>
          {TAB_LABELS[category]}
        </Title>
        {data && data.total > data.results.length ? (
          <Anchor c={STRONG} component="button" type="button" onClick={onMore}>
            See all {data.total} {TAB_LABELS[category].toLowerCase()}
          </Anchor>
        ) : null}
      </Group>
      <ErrorAlert error={error} />
      {data ? <Results category={category} results={data.results} words={words} /> : null}
    </section>
  );
}

function CategoryPage({
  category,
  params,
  words,
  onPage,
}: {
  category: SearchCategory;
  params: SearchParams;
  words: string[];
  onPage: (page: number) => void;
}) {
  const { data, error } = useSearch(category, params);
  const pageCount = data ? Math.min(Math.ceil(data.total / params.limit), SEARCH_PAGE_MAX) : 0;
  const first = (params.page - 1) * params.limit + 1;
  return (
    <Stack gap="sm">
      <ErrorAlert error={error} />
      {data && data.total > 0 ? (
        <Text size="sm" c="gray.7" aria-live="polite">
          Showing {first} - {Math.min(first + data.results.length - 1, data.total)} of {data.total}{' '}
          {TAB_LABELS[category].toLowerCase()}
        </Text>
      ) : null}
      {data ? <Results category={category} results={data.results} words={words} /> : null}
      <Pager page={params.page} pageCount={pageCount} onChange={onPage} items={pagerPages} />
    </Stack>
  );
}

function Results({
  category,
  results,
  words,
}: {
  category: SearchCategory;
  results: Array<ProfileResult | ItemResult>;
  words: string[];
}) {
  if (results.length === 0) return <Text c="gray.7">{NO_RESULTS}</Text>;
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {results.map((result) => (
        <li key={result.uuid}>
          {category === 'profiles' ? (
            <ProfileCard result={result as ProfileResult} words={words} />
          ) : (
            <ItemCard category={category} result={result as ItemResult} words={words} />
          )}
        </li>
      ))}
    </Stack>
  );
}

function Marked({ words, children, lines }: { words: string[]; children: string; lines?: number }) {
  return (
    <Highlight highlight={words} size="sm" lineClamp={lines}>
      {children}
    </Highlight>
  );
}

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4} aria-label="Tags">
      {tags.map((tag) => (
        <Badge key={tag} variant="light" color="gray" size="sm" tt="none">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" component="div">
      <Text span fw={600} size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

function ProfileCard({ result, words }: { result: ProfileResult; words: string[] }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={result.name}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <Anchor
            c={STRONG}
            component={Link}
            to={publicProfilePath(result.uuid)}
            fw={600}
            aria-label={result.name}
          >
            <Highlight highlight={words} component="span" inherit>
              {result.name}
            </Highlight>
          </Anchor>
          {result.isVerified ? <VerifiedBadge size="sm" /> : null}
        </Group>
        <Marked words={words} lines={2}>
          {result.description}
        </Marked>
        <Tags tags={result.tags} />
        <Field label="Working group">
          <Anchor c={STRONG} component={Link} to={groupPath(result.organization.uuid)} size="sm">
            {result.organization.name}
          </Anchor>
        </Field>
        <Field label="Contents">
          {result.concepts} concepts, {result.templates} statement templates, {result.patterns}{' '}
          patterns
        </Field>
        <Field label="Created">{formatDate(result.createdOn)}</Field>
        <Field label="IRI">
          <Text span size="sm" style={{ wordBreak: 'break-all' }}>
            {result.iri}
          </Text>
        </Field>
        {result.similarProfiles.length > 0 ? (
          <Field label="Similar profiles">
            {result.similarProfiles.map((similar, index) => (
              <span key={similar.uuid}>
                {index > 0 ? ', ' : ''}
                <Anchor c={STRONG} component={Link} to={publicProfilePath(similar.uuid)} size="sm">
                  {similar.name}
                </Anchor>
              </span>
            ))}
          </Field>
        ) : null}
      </Stack>
    </Card>
  );
}

function ItemCard({
  category,
  result,
  words,
}: {
  category: Exclude<SearchCategory, 'profiles'>;
  result: ItemResult;
  words: string[];
}) {
  const parent = result.parentProfile;
  const name = (
    <Highlight highlight={words} component="span" inherit>
      {result.name}
    </Highlight>
  );
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={result.name}>
      <Stack gap={6}>
        <Group gap="xs">
          {parent ? (
            <Anchor
              c={STRONG}
              component={Link}
              to={publicProfilePath(parent.uuid, `${ITEM_PATH[category]}/${result.uuid}`)}
              fw={600}
              aria-label={result.name}
            >
              {name}
            </Anchor>
          ) : (
            <Text fw={600}>{name}</Text>
          )}
          <Badge variant="outline" color={STRONG} size="sm" tt="none">
            {typeLabel(result.type)}
          </Badge>
          {result.isDeprecated ? (
            <Badge color="red" variant="light" size="sm">
              Deprecated
            </Badge>
          ) : null}
        </Group>
        {result.description ? (
          <Marked words={words} lines={2}>
            {result.description}
          </Marked>
        ) : null}
        <Tags tags={result.tags} />
        {parent ? (
          <Field label="Profile">
            <Anchor c={STRONG} component={Link} to={publicProfilePath(parent.uuid)} size="sm">
              {parent.name}
            </Anchor>
          </Field>
        ) : null}
        {result.usedBy ? (
          <Field label="Used by">
            {result.usedBy.templates} statement{' '}
            {result.usedBy.templates === 1 ? 'template' : 'templates'}, {result.usedBy.profiles}{' '}
            {result.usedBy.profiles === 1 ? 'profile' : 'profiles'}
          </Field>
        ) : null}
        <Field label="Created">{formatDate(result.createdOn)}</Field>
        <Field label="IRI">
          <Text span size="sm" style={{ wordBreak: 'break-all' }}>
            {result.iri}
          </Text>
        </Field>
      </Stack>
    </Card>
  );
}

/** The page numbers the search pager offers: up to five either side of the current one. */
export function pagerPages(page: number, pageCount: number): number[] {
  const from = Math.max(1, page - SEARCH_PAGER_SPAN);
  const to = Math.min(pageCount, page + SEARCH_PAGER_SPAN);
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
