import { Anchor, Breadcrumbs, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import type { ItemListScope } from './ItemsListPage';
import classes from './TypeChooser.module.css';

/** Where the create form of a type lives, under the version's item list. */
export const createPath = (listPath: string, type?: string) =>
  `${listPath}/create${type === undefined ? '' : `/${type}`}`;

/**
 * {base}/{items}/create: the types of an item, each with what it is for, each leading to its
 * create form. Only authors get here; anyone else goes back to the list.
 */
export function TypeChooser<Type extends string>({
  scope,
  title,
  listLabel,
  intro,
  types,
  labels,
  sentences,
  idPrefix,
}: {
  scope: ItemListScope;
  title: string;
  /** The list's name in the breadcrumbs: 'Concepts'. */
  listLabel: string;
  intro: string;
  types: readonly Type[];
  labels: Record<Type, string>;
  sentences: Record<Type, string>;
  /** Starts the ids that tie each choice to its sentence. */
  idPrefix: string;
}) {
  if (!scope.canAuthor) return <Navigate to={scope.listPath()} replace />;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={scope.listPath()} size="sm">
          {listLabel}
        </Anchor>
        <Text size="sm" c="dimmed">
          {title}
        </Text>
      </Breadcrumbs>
      <div>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {types.map((type) => (
          <Paper key={type} withBorder radius="md" p="md" className={classes.card}>
            <Stack gap={4}>
              <Anchor
                component={Link}
                to={createPath(scope.listPath(), type)}
                fw={700}
                className={classes.link}
                aria-describedby={`${idPrefix}-${type}`}
              >
                {labels[type]}
              </Anchor>
              <Text size="sm" id={`${idPrefix}-${type}`}>
                {sentences[type]}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
