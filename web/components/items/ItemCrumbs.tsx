import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/**
 * Breadcrumbs of an item's screens: the list (`listLabel`), the item, then the screen itself
 * (`current`, e.g. 'Edit'), when it is not the item's page.
 */
export function ItemCrumbs({
  listLabel,
  listPath,
  name,
  itemPath,
  current,
}: {
  listLabel: string;
  listPath: string;
  name: string;
  /** The item's page, the crumb back to it from its other screens. */
  itemPath?: string;
  current?: string;
}) {
  return (
    <Breadcrumbs>
      <Anchor component={Link} to={listPath} size="sm">
        {listLabel}
      </Anchor>
      {current === undefined || itemPath === undefined ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
      ) : (
        <Anchor component={Link} to={itemPath} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {name}
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
