import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PATTERN_LIMITED_EDIT_MESSAGE, type PatternView } from '../../../common/patterns';
import { HttpError } from '../../api/http';
import { useVersionPattern } from '../../api/patterns';
import { DeprecatedBanner } from '../concepts/ConceptDetailPage';
import { Field, FieldGrid } from '../concepts/ConceptFields';
import { LinkedBadge, StatusBadge } from '../concepts/ConceptsTable';
import { publicProfilePath } from '../profile/format';
import { ErrorAlert } from '../profile/parts';
import { ComponentPanel } from './ComponentPanel';
import {
  DeletePatternDialog,
  DeprecatePatternDialog,
  RemovePatternLinkDialog,
  type PatternTarget,
} from './dialogs';
import { ComponentsTable, PatternFieldItems, type PanelTarget } from './PatternFields';
import { usePatternScope } from './scope';

export const PATTERN_NOT_FOUND = 'This profile version does not list this pattern.';

type Dialog = 'deprecate' | 'delete' | 'unlink' | null;

function PatternDetail({ view }: { view: PatternView }) {
  const scope = usePatternScope();
  const navigate = useNavigate();
  const { pattern, permissions } = view;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [panel, setPanel] = useState<PanelTarget | null>(null);
  const parent = pattern.parentProfile;
  const target: PatternTarget = {
    profileId: scope.profile.uuid,
    versionId: scope.version.uuid,
    patternId: pattern.uuid,
    name: pattern.name,
  };

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={scope.listPath()} size="sm">
          Patterns
        </Anchor>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {pattern.name}
        </Text>
      </Breadcrumbs>

      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 20rem' }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {pattern.name}
          </Title>
          <Group gap={6}>
            <StatusBadge status={pattern.status} />
            {pattern.linked && <LinkedBadge />}
          </Group>
        </Stack>
        {permissions.edit && (
          <Group gap="xs" role="toolbar" aria-label="Pattern actions">
            <Button component={Link} to={scope.patternPath(pattern.uuid, 'edit')}>
              Edit
            </Button>
            <Button variant="outline" color="orange" onClick={() => setDialog('deprecate')}>
              Deprecate
            </Button>
            <Button variant="outline" color="red" onClick={() => setDialog('delete')}>
              Delete
            </Button>
          </Group>
        )}
      </Group>

      <DeprecatedBanner deprecation={pattern.deprecation} noun="pattern" />
      {pattern.linked && (
        <Alert color="blue" variant="light" title="Linked pattern" aria-label="Linked pattern">
          <Group justify="space-between" gap="sm">
            <Text size="sm" style={{ flex: '1 1 20rem' }}>
              This pattern is defined in{' '}
              {parent ? (
                <Anchor component={Link} to={publicProfilePath(parent.uuid)} size="sm">
                  {parent.name}
                </Anchor>
              ) : (
                'another profile'
              )}{' '}
              and only listed in this one: it is edited there.
              {parent && (
                <>
                  {' '}
                  <Anchor
                    component={Link}
                    to={`${publicProfilePath(parent.uuid)}/patterns/${encodeURIComponent(pattern.uuid)}`}
                    size="sm"
                  >
                    See it in its profile
                  </Anchor>
                </>
              )}
            </Text>
            {permissions.removeLink && (
              <Button variant="light" color="red" onClick={() => setDialog('unlink')}>
                Remove Link
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {permissions.edit && pattern.publishedInProfile && (
        <Alert color="yellow" variant="light" aria-label="Limited editing">
          {PATTERN_LIMITED_EDIT_MESSAGE}
        </Alert>
      )}

      <Paper withBorder radius="md" p="lg" component="section" aria-label="Pattern details">
        <FieldGrid>
          <Field label="Name" wide>
            {pattern.name}
          </Field>
          <PatternFieldItems pattern={pattern} groupLabel="Working Group" />
        </FieldGrid>
      </Paper>

      <Paper withBorder radius="md" p="lg" component="section" aria-label="Components">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Components ({pattern.components.length})
          </Title>
          <ComponentsTable
            components={pattern.components}
            componentPath={scope.componentPath}
            onInfo={setPanel}
          />
        </Stack>
      </Paper>

      <ComponentPanel target={panel} onClose={() => setPanel(null)} />
      {dialog === 'deprecate' && (
        <DeprecatePatternDialog
          opened
          onClose={() => setDialog(null)}
          target={target}
          onDeprecated={(change) =>
            void navigate(scope.patternPath(change.pattern.uuid, '', change.versionId))
          }
        />
      )}
      {dialog === 'delete' && (
        <DeletePatternDialog
          opened
          onClose={() => setDialog(null)}
          target={target}
          onDeleted={(change) => void navigate(scope.paths(change.versionId))}
        />
      )}
      {dialog === 'unlink' && (
        <RemovePatternLinkDialog
          opened
          onClose={() => setDialog(null)}
          target={target}
          onRemoved={(change) => void navigate(scope.listPath(change.versionId))}
        />
      )}
    </Stack>
  );
}

/** {base}/patterns/{patternId}: a pattern as the version lists it, read-only. */
export function PatternDetailPage() {
  const scope = usePatternScope();
  const { patternId = '' } = useParams();
  const query = useVersionPattern(scope.profile.uuid, scope.version.uuid, patternId);
  if (query.error) {
    const missing = query.error instanceof HttpError && query.error.status === 404;
    return (
      <Stack gap="sm">
        {missing ? (
          <Alert color="gray" variant="light" title="Pattern not found">
            {PATTERN_NOT_FOUND}
          </Alert>
        ) : (
          <ErrorAlert error={query.error} title="Could not load the pattern" />
        )}
        <Group>
          <Button component={Link} to={scope.listPath()} variant="light">
            Back to the patterns
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the pattern" />
      </Center>
    );
  }
  return <PatternDetail view={query.data} />;
}
