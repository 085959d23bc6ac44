import { List, Stack, Text } from '@mantine/core';
import { DETERMINING_PROPERTY_LABELS, type TemplateView } from '../../../common/templates';
import {
  Field,
  IriText,
  None,
  ParentFields,
  TagList,
  TranslationsTable,
} from '../../components/items/fields';
import { formatDate } from '../../lib/format';

type Template = TemplateView['template'];

/**
 * A statement template read as a pattern's component: IRI, description, translations, tags,
 * the concepts its determining properties name, status, where it comes from and when it changed.
 * Its own pages edit it; this is read-only.
 */
export function TemplateFieldItems({
  template,
  groupLabel,
}: {
  template: Template;
  groupLabel: string;
}) {
  return (
    <>
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
      <Field label="Determining Properties" wide>
        {template.determiningProperties.length === 0 ? (
          <None />
        ) : (
          <List size="sm" spacing={4} aria-label="Determining properties">
            {template.determiningProperties.map(({ property, concepts }) => (
              <List.Item key={property}>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {DETERMINING_PROPERTY_LABELS[property]}
                  </Text>
                  <Text size="sm">{concepts.map((c) => c.name ?? c.iri).join(', ')}</Text>
                </Stack>
              </List.Item>
            ))}
          </List>
        )}
      </Field>
      <Field label="Status">{template.status}</Field>
      <Field label="Updated">{formatDate(template.updatedOn)}</Field>
      <ParentFields item={template} groupLabel={groupLabel} />
    </>
  );
}
