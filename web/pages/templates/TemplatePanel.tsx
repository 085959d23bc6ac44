import {
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  List,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { TemplateView } from '../../../common/templates';
import { HttpError } from '../../api/http';
import { useClaimTemplate, useTemplate } from '../../api/templates';
import { ClaimDialog } from '../concepts/ClaimDialog';
import {
  Field,
  FieldGrid,
  IriText,
  None,
  ParentFields,
  TranslationsTable,
} from '../concepts/ConceptFields';
import { formatDate } from '../profile/format';
import { ErrorAlert } from '../profile/parts';
import { TEMPLATE_NOUN } from './format';

type Template = TemplateView['template'];

/** The tags of an item as small badges, or None. */
export function TagList({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <None />;
  return (
    <Group gap={4} component="span">
      {tags.map((tag) => (
        <Badge key={tag} variant="outline" color="gray" size="sm" tt="none">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

/** The concepts a template's determining properties name: name and IRI. */
function LinkedConcepts({ template }: { template: Template }) {
  if (template.concepts.length === 0) return <None />;
  return (
    <List size="sm" spacing={4} aria-label="Linked concepts">
      {template.concepts.map((concept) => (
        <List.Item key={concept.iri}>
          <Text span size="sm">
            {concept.name ?? concept.iri}
          </Text>
          {concept.name && (
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {concept.iri}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

/** What the panel shows of one template, fetched on its own (`GET /app/template/{id}`). */
function PanelBody({ templateId }: { templateId: string }) {
  const query = useTemplate(templateId);
  const claim = useClaimTemplate();
  const [claiming, setClaiming] = useState(false);

  if (query.error) {
    if (query.error instanceof HttpError && query.error.status === 404)
      return <Text c="dimmed">This statement template is not available.</Text>;
    return <ErrorAlert error={query.error} title="Could not load the statement template" />;
  }
  if (!query.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the statement template" />
      </Center>
    );
  }
  const { template, permissions } = query.data;
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {template.name}
        </Title>
        <Group gap={6}>
          <Badge variant="light" color="indigo">
            template
          </Badge>
          {template.status === 'Deprecated' && (
            <Badge variant="light" color="red">
              deprecated
            </Badge>
          )}
        </Group>
      </Stack>
      <FieldGrid cols={2}>
        <Field label="IRI" wide>
          <IriText iri={template.iri} />
        </Field>
        <Field label="Description" wide>
          <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {template.description}
          </Text>
        </Field>
        <Field label="Translations" wide>
          <TranslationsTable concept={template} />
        </Field>
        <Field label="Tags" wide>
          <TagList tags={template.tags} />
        </Field>
        <Field label="Linked Concepts" wide>
          <LinkedConcepts template={template} />
        </Field>
        <Field label="Updated">{formatDate(template.updatedOn)}</Field>
        <ParentFields concept={template} groupLabel="Author" />
      </FieldGrid>
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
          conceptId={template.uuid}
          conceptName={template.name}
          noun={TEMPLATE_NOUN}
          onClaim={(profileId) => claim.mutateAsync({ templateId: template.uuid, profileId })}
          onClose={() => setClaiming(false)}
        />
      )}
    </Stack>
  );
}

/**
 * The side panel of a statement template: everything about it without leaving the list or
 * search it was opened from. Nothing shows while `templateId` is null.
 */
export function TemplatePanel({
  templateId,
  onClose,
}: {
  templateId: string | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={templateId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title="Statement template details"
      closeButtonProps={{ 'aria-label': 'Close the statement template details' }}
    >
      {templateId !== null && <PanelBody key={templateId} templateId={templateId} />}
    </Drawer>
  );
}
