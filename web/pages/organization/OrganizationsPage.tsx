import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { OrganizationTable, type OrganizationTableQuery } from './OrganizationTable';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /organization: every working group, with page and search kept in the address. */
export function OrganizationsPage() {
  const [params, setParams] = useSearchParams();
  const query: OrganizationTableQuery = {
    page: readPage(params.get('page')),
    search: (params.get('search') ?? '').trim(),
  };
  const change = ({ page, search }: OrganizationTableQuery) => {
    const next = new URLSearchParams();
    if (search !== '') next.set('search', search);
    if (page > 1) next.set('page', String(page));
    setParams(next);
  };
  return (
    <>
      <PageHeading>Working Groups</PageHeading>
      <OrganizationTable query={query} onQueryChange={change} />
    </>
  );
}
