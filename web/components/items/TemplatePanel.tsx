import { List, Text } from '@mantine/core';
import { TEMPLATE_NOT_POPULATED, type TemplateView } from '../../../common/templates';
import { useClaimTemplate, useTemplate } from '../../api/templates';
import {
  Field,
  FieldGrid,
  IriText,
  None,
  ParentFields,
  TagList,
  TranslationsTable,
} from './fields';
import { ItemPanel, ItemPanelBody, NotLoaded } from './ItemPanel';
import { formatDate } from '../../lib/format';

type Template = TemplateView['template'];

/** How a template reads in sentences and titles. */
export const TEMPLATE_NOUN = 'statement template';

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

  if (!query.data)
    return (
      <NotLoaded error={query.error} noun={TEMPLATE_NOUN} loadingText={TEMPLATE_NOT_POPULATED} />
    );
  const { template, permissions } = query.data;
  return (
    <ItemPanelBody
      name={template.name}
      noun={TEMPLATE_NOUN}
      badge="template"
      color="indigo"
      deprecated={template.status === 'Deprecated'}
      onClaim={
        permissions.claim
          ? (profileId) => claim.mutateAsync({ templateId: template.uuid, profileId })
          : undefined
      }
    >
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
          <TranslationsTable item={template} />
        </Field>
        <Field label="Tags" wide>
          <TagList tags={template.tags} />
        </Field>
        <Field label="Linked Concepts" wide>
          <LinkedConcepts template={template} />
        </Field>
        <Field label="Updated">{formatDate(template.updatedOn)}</Field>
        <ParentFields item={template} groupLabel="Author" />
      </FieldGrid>
    </ItemPanelBody>
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
    <ItemPanel noun={TEMPLATE_NOUN} itemId={templateId} onClose={onClose}>
      {(id) => <PanelBody key={id} templateId={id} />}
    </ItemPanel>
  );
}
