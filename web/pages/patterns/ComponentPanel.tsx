import {
  Anchor,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { HttpError } from '../../api/http';
import { useClaimPattern, usePattern } from '../../api/patterns';
import { ClaimDialog } from '../concepts/ClaimDialog';
import { FieldGrid } from '../concepts/ConceptFields';
import { ErrorAlert } from '../profile/parts';
import { TemplatePanel } from '../templates/TemplatePanel';
import { ComponentsTable, PatternFieldItems, type PanelTarget } from './PatternFields';

/** An item loading, missing or failing to load, as a read-only view says it. */
export function NotLoaded({ error, noun }: { error: unknown; noun: string }) {
  if (error) {
    if (error instanceof HttpError && error.status === 404)
      return <Text c="dimmed">This {noun} is not available.</Text>;
    return <ErrorAlert error={error} title={`Could not load the ${noun}`} />;
  }
  return (
    <Center py="xl">
      <Loader aria-label={`Loading the ${noun}`} />
    </Center>
  );
}

/** One pattern in the panel: its fields, its components (which open), and Claim for orphans. */
function PatternBody({
  patternId,
  onOpen,
}: {
  patternId: string;
  onOpen: (target: PanelTarget) => void;
}) {
  const query = usePattern(patternId);
  const claim = useClaimPattern();
  const [claiming, setClaiming] = useState(false);
  if (!query.data) return <NotLoaded error={query.error} noun="pattern" />;
  const { pattern, permissions } = query.data;
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {pattern.name}
        </Title>
        <Group gap={6}>
          <Badge variant="light" color="indigo">
            pattern
          </Badge>
          {pattern.deprecation && (
            <Badge variant="light" color="red">
              deprecated
            </Badge>
          )}
        </Group>
      </Stack>
      {pattern.deprecation && (
        <Text size="sm" c="red">
          Deprecated: {pattern.deprecation.reason}
        </Text>
      )}
      <FieldGrid cols={2}>
        <PatternFieldItems pattern={pattern} groupLabel="Author" />
      </FieldGrid>
      <Stack gap={6} component="section" aria-label="Components">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          Components
        </Text>
        <ComponentsTable components={pattern.components} onInfo={onOpen} />
      </Stack>
      {permissions.claim && (
        <Group>
          <Button variant="light" onClick={() => setClaiming(true)}>
            Claim
          </Button>
        </Group>
      )}
      {claiming && (
        <ClaimDialog
          opened
          conceptId={pattern.uuid}
          conceptName={pattern.name}
          noun="pattern"
          onClaim={(profileId) => claim.mutateAsync({ patternId: pattern.uuid, profileId })}
          onClose={() => setClaiming(false)}
        />
      )}
    </Stack>
  );
}

/**
 * The pattern panel's content: the first pattern, the patterns among its components opened in
 * the same panel (with a way back), and its statement templates in their own panel on top.
 */
function PanelBody({ initialId }: { initialId: string }) {
  const [patternId, setPatternId] = useState(initialId);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const open = (target: PanelTarget) =>
    target.componentType === 'pattern' ? setPatternId(target.uuid) : setTemplateId(target.uuid);
  return (
    <Stack gap="sm">
      {patternId !== initialId && (
        <Anchor component="button" type="button" size="sm" onClick={() => setPatternId(initialId)}>
          Back to the first pattern
        </Anchor>
      )}
      <PatternBody key={patternId} patternId={patternId} onOpen={open} />
      <TemplatePanel templateId={templateId} onClose={() => setTemplateId(null)} />
    </Stack>
  );
}

/**
 * The side panel of a pattern: everything about it without leaving the list, search or page it
 * was opened from. Nothing shows while `patternId` is null.
 */
export function PatternPanel({
  patternId,
  onClose,
}: {
  patternId: string | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={patternId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title="Pattern details"
      closeButtonProps={{ 'aria-label': 'Close the pattern details' }}
    >
      {patternId !== null && <PanelBody key={patternId} initialId={patternId} />}
    </Drawer>
  );
}

/** The side panel of a component: a pattern's (above) or a statement template's. */
export function ComponentPanel({
  target,
  onClose,
}: {
  target: PanelTarget | null;
  onClose: () => void;
}) {
  return (
    <>
      <PatternPanel
        patternId={target?.componentType === 'pattern' ? target.uuid : null}
        onClose={onClose}
      />
      <TemplatePanel
        templateId={target?.componentType === 'template' ? target.uuid : null}
        onClose={onClose}
      />
    </>
  );
}
