import { Anchor, Breadcrumbs, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { PATTERN_TYPE_LABELS, PATTERN_TYPES } from '../../../../common/patterns';
import { PATTERN_TYPE_SENTENCES } from '../format';
import { usePatternScope } from '../scope';

export const CHOOSER_TITLE = 'Create Pattern';

/** Where the create form of a type lives, under the version's pattern list. */
export const createPath = (listPath: string, type?: string) =>
  `${listPath}/create${type === undefined ? '' : `/${type}`}`;

/** {base}/patterns/create: the five types of pattern, each with what it matches. */
export function PatternTypeChooser() {
  const scope = usePatternScope();
  if (!scope.canAuthor) return <Navigate to={scope.listPath()} replace />;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={scope.listPath()} size="sm">
          Patterns
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
          Choose the type of pattern to define in this profile.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {PATTERN_TYPES.map((type) => (
          <Paper
            key={type}
            component={Link}
            to={createPath(scope.listPath(), type)}
            withBorder
            radius="md"
            p="md"
            aria-label={PATTERN_TYPE_LABELS[type]}
            aria-describedby={`pattern-type-${type}`}
            style={{ textDecoration: 'none', color: 'inherit' }}
          >
            <Stack gap={4}>
              <Text fw={700} c="indigo">
                {PATTERN_TYPE_LABELS[type]}
              </Text>
              <Text size="sm" id={`pattern-type-${type}`}>
                {PATTERN_TYPE_SENTENCES[type]}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
