import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TEMPLATE_PAGE_SIZE, useVersionTemplates, type TemplateSort } from '../../api/templates';
import { ErrorAlert, Pager } from '../profile/parts';
import { useTemplateScope } from './scope';
import { TemplatePanel } from './TemplatePanel';
import { parseTemplateSort, TemplatesTable } from './TemplatesTable';

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** {base}/templates: the version's own and linked statement templates, sorted and paged on the server. */
export function TemplatesListPage() {
  const scope = useTemplateScope();
  const { profile, version } = scope;
  const [params, setParams] = useSearchParams();
  const sort = parseTemplateSort(params.get('sort'));
  const page = positive(params.get('page'));
  const list = useVersionTemplates(profile.uuid, version.uuid, { page, sort });
  const [panel, setPanel] = useState<string | null>(null);

  const update = (changes: { sort?: TemplateSort; page?: number }) => {
    const next = { sort: changes.sort ?? sort, page: changes.page ?? 1 };
    const query: Record<string, string> = {};
    if (next.sort !== 'name') query.sort = next.sort;
    if (next.page !== 1) query.page = String(next.page);
    setParams(query);
  };

  const data = list.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {data
            ? `${data.total} ${data.total === 1 ? 'statement template' : 'statement templates'}`
            : ''}
        </Text>
        {scope.canAuthor && (
          <Button component={Link} to={scope.listPath() + '/add'}>
            Add Statement Template
          </Button>
        )}
      </Group>
      <ErrorAlert error={list.error} title="Could not load the statement templates" />
      {data?.templates && (
        <>
          <TemplatesTable
            templates={data.templates}
            sort={sort}
            onSort={(next) => update({ sort: next })}
            templatePath={(id) => scope.templatePath(id)}
            onInfo={setPanel}
          />
          <Pager
            page={page}
            total={data.total}
            limit={data.limit || TEMPLATE_PAGE_SIZE}
            onChange={(next) => update({ page: next })}
          />
        </>
      )}
      <TemplatePanel templateId={panel} onClose={() => setPanel(null)} />
    </Stack>
  );
}
