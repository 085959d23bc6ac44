import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { TEMPLATE_NOT_POPULATED, type TemplateView } from '../../../common/templates';
import { HttpError } from '../../api/http';
import { problemsOf, useVersionTemplate } from '../../api/templates';
import { ErrorAlert } from '../profile/parts';
import { useTemplateScope } from './scope';

export const TEMPLATE_NOT_FOUND = 'This profile version does not list this statement template.';
export const PAGE_DOES_NOT_EXIST = 'This page does not exist.';

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
        <Loader size="sm" aria-label="Loading the statement template" />
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
  if (query.error) {
    const missing = query.error instanceof HttpError && query.error.status === 404;
    return (
      <Stack gap="sm">
        {missing ? (
          <Alert color="gray" variant="light" title="Statement template not found">
            {TEMPLATE_NOT_FOUND}
          </Alert>
        ) : (
          <ErrorAlert error={query.error} title="Could not load the statement template" />
        )}
        <Group>
          <Button component={Link} to={scope.listPath()} variant="light">
            Back to the statement templates
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!query.data) return <NotPopulated />;
  return <>{children(query.data)}</>;
}

/**
 * A screen that changes the template: only for those who may edit it (and, with `allowed`, only
 * while the published limits leave that part open); anyone else lands on the template's page.
 * Whether the screen opens is decided when the template first loads: a save refreshes it (the
 * version may no longer be current) while the screen moves on to the version it landed in.
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
  const key = `${scope.version.uuid}/${templateId}`;
  const [admission, setAdmission] = useState<{ key: string; open: boolean } | null>(null);
  if (query.data && admission?.key !== key)
    setAdmission({ key, open: query.data.permissions.edit && allowed(query.data) });
  return (
    <LoadedTemplate>
      {(view) =>
        admission?.key === key && !admission.open ? (
          <Navigate to={scope.templatePath(templateId)} replace />
        ) : (
          children(view)
        )
      }
    </LoadedTemplate>
  );
}

/** Breadcrumbs of a template's screens: the list, the template, then the screen itself. */
export function TemplateCrumbs({ template, current }: { template: Template; current?: string }) {
  const scope = useTemplateScope();
  return (
    <Breadcrumbs>
      <Anchor component={Link} to={scope.listPath()} size="sm">
        Statement Templates
      </Anchor>
      {current === undefined ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {template.name}
        </Text>
      ) : (
        <Anchor
          component={Link}
          to={scope.templatePath(template.uuid)}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {template.name}
        </Anchor>
      )}
      {current !== undefined && (
        <Text size="sm" c="dimmed">
          {current}
        </Text>
      )}
    </Breadcrumbs>
  );
}

/** An address under a template that leads nowhere, with the way back to the template. */
export function PageDoesNotExist({ backTo }: { backTo: string }) {
  return (
    <Alert color="yellow" variant="light" title="Not found">
      <Text size="sm">
        {PAGE_DOES_NOT_EXIST}{' '}
        <Anchor component={Link} to={backTo} size="sm">
          Go back
        </Anchor>
      </Text>
    </Alert>
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
