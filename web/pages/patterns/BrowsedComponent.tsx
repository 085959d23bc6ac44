import { Badge, Group, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { PatternRow } from '../../../common/patterns';
import { usePattern } from '../../api/patterns';
import { useTemplate } from '../../api/templates';
import { FieldGrid } from '../../components/items/fields';
import { NotLoaded } from '../../components/items/ItemPanel';
import { StatusBadge } from '../../components/items/badges';
import { ComponentPanel } from './ComponentPanel';
import { ComponentsTable, PatternFieldItems, type PanelTarget } from './PatternFields';
import { TemplateFieldItems } from './TemplateFields';

function Heading({
  name,
  badge,
  status,
}: {
  name: string;
  badge: string;
  status: PatternRow['status'];
}) {
  return (
    <Stack gap={6}>
      <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Title>
      <Group gap={6}>
        <Badge variant="light" color="indigo">
          {badge}
        </Badge>
        <StatusBadge status={status} />
      </Group>
    </Stack>
  );
}

/**
 * A pattern found while looking for patterns to add, read-only: its details and its components,
 * each of which opens the same way (`browsePath`) or in the side panel.
 */
export function BrowsedPattern({
  patternId,
  browsePath,
}: {
  patternId: string;
  browsePath: (target: PanelTarget) => string;
}) {
  const query = usePattern(patternId);
  const [panel, setPanel] = useState<PanelTarget | null>(null);
  if (!query.data) return <NotLoaded error={query.error} noun="pattern" />;
  const { pattern } = query.data;
  return (
    <Stack gap="md">
      <Heading name={pattern.name} badge="pattern" status={pattern.status} />
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Pattern details">
        <FieldGrid>
          <PatternFieldItems pattern={pattern} groupLabel="Working Group" />
        </FieldGrid>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Components">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Components
          </Title>
          <ComponentsTable
            components={pattern.components}
            componentPath={(componentType, uuid) => browsePath({ componentType, uuid })}
            onInfo={setPanel}
          />
        </Stack>
      </Paper>
      <ComponentPanel target={panel} onClose={() => setPanel(null)} />
    </Stack>
  );
}

/** A statement template found while looking for patterns to add, read-only. */
export function BrowsedTemplate({ templateId }: { templateId: string }) {
  const query = useTemplate(templateId);
  if (!query.data) return <NotLoaded error={query.error} noun="statement template" />;
  const { template } = query.data;
  return (
    <Stack gap="md">
      <Heading name={template.name} badge="template" status={template.status} />
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Template details">
        <FieldGrid>
          <TemplateFieldItems template={template} groupLabel="Working Group" />
        </FieldGrid>
      </Paper>
    </Stack>
  );
}
