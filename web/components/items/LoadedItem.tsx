import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { HttpError } from '../../api/http';
import { ErrorAlert } from '../parts';
import { capitalized } from './types';

/** An item's query as the screens read it. */
export interface ItemQuery<View> {
  data: View | undefined;
  error: unknown;
}

/** The spinner of an item on its way. */
export function ItemLoader({ noun }: { noun: string }) {
  return (
    <Center py="xl">
      <Loader role="progressbar" aria-label={`Loading the ${noun}`} />
    </Center>
  );
}

/**
 * Shows `children` with the item of a version once it has loaded; meanwhile `loading` (a
 * spinner unless given), and on failure why (`notFound` when the version does not list it), with
 * a way back to the list.
 */
export function LoadedItem<View>({
  query,
  noun,
  notFound,
  listPath,
  loading,
  children,
}: {
  query: ItemQuery<View>;
  noun: string;
  notFound: string;
  listPath: string;
  loading?: ReactNode;
  children: (view: View) => ReactNode;
}) {
  if (query.error) {
    const missing = query.error instanceof HttpError && query.error.status === 404;
    return (
      <Stack gap="sm">
        {missing ? (
          <Alert color="gray" variant="light" title={`${capitalized(noun)} not found`}>
            {notFound}
          </Alert>
        ) : (
          <ErrorAlert error={query.error} title={`Could not load the ${noun}`} />
        )}
        <Group>
          <Button component={Link} to={listPath} variant="light">
            {`Back to the ${noun}s`}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (query.data === undefined) return <>{loading ?? <ItemLoader noun={noun} />}</>;
  return <>{children(query.data)}</>;
}

/**
 * Whether a screen that changes an item opens, decided when the item first loads (for `key`):
 * a save or deprecation refreshes it (the version may no longer be current, the item may be
 * deprecated) while the screen moves on to the version the change landed in. Null until loaded.
 */
export function useEditAdmission<View>(
  key: string,
  view: View | undefined,
  allowed: (view: View) => boolean,
): boolean | null {
  const [admission, setAdmission] = useState<{ key: string; open: boolean } | null>(null);
  if (view !== undefined && admission?.key !== key) setAdmission({ key, open: allowed(view) });
  return admission?.key === key ? admission.open : null;
}

/**
 * The edit screen of an item (concept, pattern): `children` once it has loaded, for those who may
 * edit it; anyone else lands on `itemPath`.
 */
export function EditableItem<View extends { permissions: { edit: boolean } }>({
  query,
  admissionKey,
  noun,
  listPath,
  itemPath,
  children,
}: {
  query: ItemQuery<View>;
  admissionKey: string;
  noun: string;
  listPath: string;
  itemPath: string;
  children: (view: View) => ReactNode;
}) {
  const open = useEditAdmission(admissionKey, query.data, (view) => view.permissions.edit);
  if (query.error) {
    return (
      <Stack gap="sm">
        <ErrorAlert error={query.error} title={`Could not load the ${noun}`} />
        <Anchor component={Link} to={listPath} size="sm">
          {`Back to the ${noun}s`}
        </Anchor>
      </Stack>
    );
  }
  if (query.data === undefined) return <ItemLoader noun={noun} />;
  if (open === false) return <Navigate to={itemPath} replace />;
  return <>{children(query.data)}</>;
}

export const PAGE_DOES_NOT_EXIST = 'This page does not exist.';

/** An address under an item that leads nowhere, with the way back to the item. */
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
