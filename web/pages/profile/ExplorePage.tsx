import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PROFILE_PAGE_SIZE, usePublishedProfiles, type ProfileSort } from '../../api/profiles';
import { PageHeading } from '../../components/PageHeading';
import { ErrorAlert } from '../../components/parts';
import { Pager } from '../../components/profile-parts';
import { parseSort, PublishedProfilesTable } from '../../components/PublishedProfilesTable';

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} role="search" aria-label="Search profiles" style={{ maxWidth: 640 }}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label="Search profiles"
          placeholder="Search by name, description or tag"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light">
          Search Profiles
        </Button>
      </Group>
    </form>
  );
}

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** /profiles: every published profile, searched, sorted and paged on the server. */
export function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const sort = parseSort(params.get('sort'));
  const page = positive(params.get('page'));
  const verifiedOnly = params.get('verified') === 'true';
  const list = usePublishedProfiles({ page, sort, search, verifiedOnly });

  const update = (changes: {
    search?: string;
    sort?: ProfileSort;
    page?: number;
    verified?: boolean;
  }) => {
    const next = {
      search: changes.search ?? search,
      sort: changes.sort ?? sort,
      page: changes.page ?? 1,
      verified: changes.verified ?? verifiedOnly,
    };
    const query: Record<string, string> = {};
    if (next.search !== '') query.search = next.search;
    if (next.sort !== '-updated') query.sort = next.sort;
    if (next.page !== 1) query.page = String(next.page);
    if (next.verified) query.verified = 'true';
    setParams(query);
  };

  const data = list.data;
  return (
    <Stack gap="md">
      <PageHeading>Explore Profiles</PageHeading>
      <Text c="dimmed" maw={760}>
        Published xAPI Profiles from every working group. Open one to read its concepts, statement
        templates and patterns, or export it as JSON-LD.
      </Text>
      <SearchForm key={search} initial={search} onSearch={(text) => update({ search: text })} />
      <Group justify="space-between" mih={30}>
        <Checkbox
          label="Show Verified Only"
          checked={verifiedOnly}
          onChange={(event) => update({ verified: event.currentTarget.checked })}
        />
        {data && (
          <Text size="sm" c="dimmed">
            {data.total} {data.total === 1 ? 'profile' : 'profiles'}
            {search !== '' && ` for “${search}”`}
          </Text>
        )}
      </Group>
      <ErrorAlert error={list.error} title="Could not load the profiles" />
      {data?.profiles && (
        <>
          <PublishedProfilesTable
            profiles={data.profiles}
            sort={sort}
            onSort={(next) => update({ sort: next })}
            caption="Published profiles"
          />
          <Pager
            page={page}
            total={data.total}
            limit={data.limit || PROFILE_PAGE_SIZE}
            onChange={(next) => update({ page: next })}
          />
        </>
      )}
    </Stack>
  );
}
