import { Badge, Button, Center, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { HttpError } from '../../api/http';
import { ErrorAlert } from '../parts';
import { ClaimDialog } from './ClaimDialog';
import { capitalized } from './types';

/** An item loading, missing or failing to load, as a read-only view says it. */
export function NotLoaded({
  error,
  noun,
  loadingText,
}: {
  error: unknown;
  noun: string;
  /** Said beside the spinner while the item loads. */
  loadingText?: string;
}) {
  if (error) {
    if (error instanceof HttpError && error.status === 404)
      return <Text c="dimmed">This {noun} is not available.</Text>;
    return <ErrorAlert error={error} title={`Could not load the ${noun}`} />;
  }
  return (
    <Center py="xl">
      <Group gap="sm">
        <Loader role="progressbar" aria-label={`Loading the ${noun}`} />
        {loadingText && <Text c="dimmed">{loadingText}</Text>}
      </Group>
    </Center>
  );
}

/**
 * One item in a side panel: its name, a badge of its kind (`badge`, in `color`) and whether it
 * is deprecated, then its own content; an orphan also offers Claim (`onClaim` when it may).
 */
export function ItemPanelBody({
  name,
  noun,
  badge,
  color,
  deprecated,
  onClaim,
  children,
}: {
  name: string;
  noun: string;
  badge: string;
  color: string;
  deprecated: boolean;
  onClaim?: (profileId: string) => Promise<{ versionId: string }>;
  children: ReactNode;
}) {
  const [claiming, setClaiming] = useState(false);
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <Group gap={6}>
          <Badge variant="light" color={color}>
            {badge}
          </Badge>
          {deprecated && (
            <Badge variant="light" color="red">
              deprecated
            </Badge>
          )}
        </Group>
      </Stack>
      {children}
      {onClaim && (
        <Group>
          <Button variant="light" onClick={() => setClaiming(true)}>
            Claim
          </Button>
        </Group>
      )}
      {onClaim && claiming && (
        <ClaimDialog
          itemName={name}
          noun={noun}
          onClaim={onClaim}
          onClose={() => setClaiming(false)}
        />
      )}
    </Stack>
  );
}

/**
 * The side panel of an item (`noun`): everything about it without leaving the list, search or
 * page it was opened from. Nothing shows while `itemId` is null; `children` renders the item.
 */
export function ItemPanel({
  noun,
  itemId,
  onClose,
  children,
}: {
  noun: string;
  itemId: string | null;
  onClose: () => void;
  children: (itemId: string) => ReactNode;
}) {
  return (
    <Drawer
      opened={itemId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={`${capitalized(noun)} details`}
      closeButtonProps={{ 'aria-label': `Close the ${noun} details` }}
    >
      {itemId !== null && children(itemId)}
    </Drawer>
  );
}
