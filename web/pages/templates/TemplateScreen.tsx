import { Alert, Group, List, Loader, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { TEMPLATE_NOT_POPULATED, type TemplateView } from '../../../common/templates';
import { problemsOf, useVersionTemplate } from '../../api/templates';
import { ItemCrumbs } from '../../components/items/ItemCrumbs';
import { LoadedItem, PageDoesNotExist, useEditAdmission } from '../../components/items/LoadedItem';
import { TEMPLATE_NOUN } from '../../components/items/TemplatePanel';
import { useTemplateScope } from './scope';

/** Pages and tests of the tab name these under the tab's screens. */

export const TEMPLATE_NOT_FOUND = 'This profile version does not list this statement template.';

export type Template = TemplateView['template'];

/** The template named by the address (`:templateId`), as the version on screen lists it. */
export function useTemplateOnScreen() {
  const scope = useTemplateScope();
  const { templateId = '' } = useParams();
  const query = useVersionTemplate(scope.profile.uuid, scope.version.uuid, templateId);
  return { templateId, query };
}

/** Shown until the template has loaded. */
function NotPopulated() {
  return (
    <Paper withBorder radius="md" p="lg" aria-busy="true">
      <Group gap="sm">
        <Loader role="progressbar" size="sm" aria-label="Loading the statement template" />
        <Text c="dimmed">{TEMPLATE_NOT_POPULATED}</Text>
      </Group>
    </Paper>
  );
}

/**
 * Loads the template of the address and shows `children` with it; meanwhile 'Template not
 * populated', and on failure why, with a way back to the list.
 */
export function LoadedTemplate({ children }: { children: (view: TemplateView) => ReactNode }) {
  const scope = useTemplateScope();
  const { query } = useTemplateOnScreen();
  return (
    <LoadedItem
      query={query}
      noun={TEMPLATE_NOUN}
      notFound={TEMPLATE_NOT_FOUND}
      listPath={scope.listPath()}
      loading={<NotPopulated />}
    >
      {children}
    </LoadedItem>
  );
}

/**
 * A screen that changes the template: only for those who may edit it (and, with `allowed`, only
 * while the published limits leave that part open); anyone else lands on the template's page.
 */
export function EditableTemplate({
  allowed = () => true,
  children,
}: {
  allowed?: (view: TemplateView) => boolean;
  children: (view: TemplateView) => ReactNode;
}) {
  const scope = useTemplateScope();
  const { templateId, query } = useTemplateOnScreen();
  const open = useEditAdmission(
    `${scope.version.uuid}/${templateId}`,
    query.data,
    (view) => view.permissions.edit && allowed(view),
  );
  return (
    <LoadedTemplate>
      {(view) =>
        open === false ? <Navigate to={scope.templatePath(templateId)} replace /> : children(view)
      }
    </LoadedTemplate>
  );
}

/** Breadcrumbs of a template's screens: the list, the template, then the screen itself. */
export function TemplateCrumbs({ template, current }: { template: Template; current?: string }) {
  const scope = useTemplateScope();
  return (
    <ItemCrumbs
      listLabel="Statement Templates"
      listPath={scope.listPath()}
      name={template.name}
      itemPath={scope.templatePath(template.uuid)}
      current={current}
    />
  );
}

/** `{base}/templates/{templateId}/…` for any screen the tab does not have. */
export function UnknownTemplatePage() {
  const scope = useTemplateScope();
  const { templateId = '' } = useParams();
  return <PageDoesNotExist backTo={scope.templatePath(templateId)} />;
}

/**
 * Every problem of a refused change as one red alert: the rule check's messages, or the server's
 * (a refused rule answers them all in `errors`).
 */
export function ProblemsAlert({
  problems,
  error,
  title,
}: {
  problems?: readonly string[];
  error?: unknown;
  title: string;
}) {
  const all = [...(problems ?? []), ...problemsOf(error)];
  if (all.length === 0) return null;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {all.length === 1 ? (
        <Text size="sm">{all[0]}</Text>
      ) : (
        <List size="sm" spacing={4}>
          {all.map((problem, index) => (
            <List.Item key={`${index}-${problem}`}>{problem}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
