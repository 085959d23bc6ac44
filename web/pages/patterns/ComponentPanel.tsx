import { Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useClaimPattern, usePattern } from '../../api/patterns';
import { FieldGrid } from '../../components/items/fields';
import { ItemPanel, ItemPanelBody, NotLoaded } from '../../components/items/ItemPanel';
import { TemplatePanel } from '../../components/items/TemplatePanel';
import { ComponentsTable, PatternFieldItems, type PanelTarget } from './PatternFields';

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
  if (!query.data) return <NotLoaded error={query.error} noun="pattern" />;
  const { pattern, permissions } = query.data;
  return (
    <ItemPanelBody
      name={pattern.name}
      noun="pattern"
      badge="pattern"
      color="indigo"
      deprecated={pattern.deprecation !== null}
      onClaim={
        permissions.claim
          ? (profileId) => claim.mutateAsync({ patternId: pattern.uuid, profileId })
          : undefined
      }
    >
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
    </ItemPanelBody>
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
    <ItemPanel noun="pattern" itemId={patternId} onClose={onClose}>
      {(id) => <PanelBody key={id} initialId={id} />}
    </ItemPanel>
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
