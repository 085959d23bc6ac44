import { Anchor, Breadcrumbs, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { CONCEPT_TYPES } from '../../../../common/concepts';
import { CONCEPT_TYPE_LABELS } from '../format';
import { useConceptScope } from '../scope';
import { CONCEPT_TYPE_SENTENCES } from './values';

export const CHOOSER_TITLE = 'Create Concept';

/** Where the create form of a kind lives, under the version's concept list. */
export const createPath = (listPath: string, type?: string) =>
  `${listPath}/create${type === undefined ? '' : `/${type}`}`;

/** {base}/concepts/create: the six kinds of concept, each with what it is for. */
export function ConceptTypeChooser() {
  const scope = useConceptScope();
  if (!scope.canAuthor) return <Navigate to={scope.listPath()} replace />;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={scope.listPath()} size="sm">
          Concepts
        </Anchor>
        <Text size="sm" c="dimmed">
          {CHOOSER_TITLE}
        </Text>
      </Breadcrumbs>
      <div>
        <Title order={2} size="h3">
          {CHOOSER_TITLE}
        </Title>
        <Text c="dimmed" size="sm">
          Choose the kind of concept to define in this profile.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {CONCEPT_TYPES.map((type) => (
          <Paper
            key={type}
            component={Link}
            to={createPath(scope.listPath(), type)}
            withBorder
            radius="md"
            p="md"
            aria-label={CONCEPT_TYPE_LABELS[type]}
            aria-describedby={`concept-kind-${type}`}
            style={{ textDecoration: 'none', color: 'inherit' }}
          >
            <Stack gap={4}>
              <Text fw={700} c="indigo">
                {CONCEPT_TYPE_LABELS[type]}
              </Text>
              <Text size="sm" id={`concept-kind-${type}`}>
                {CONCEPT_TYPE_SENTENCES[type]}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
