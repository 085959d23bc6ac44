import {
  ActionIcon,
  Button,
  Group,
  Input,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { filterMediaTypes, MEDIA_TYPES } from '../../../../common/media-types';
import { PROFILE_LIMITS } from '../../../../common/profiles';
import type { InteractionComponent } from '../../../lib/concept-values';

const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

export const NO_MEDIA_TYPE_MATCH = 'No results found';

/** A media type from the fixed list, filtered by the typed text. */
export function MediaTypeField({
  value,
  onChange,
  onBlur,
  error,
  readOnly,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  readOnly: boolean;
}) {
  // A stored concept may use a type the list does not have; it stays choosable.
  const data: string[] =
    value !== '' && !(MEDIA_TYPES as readonly string[]).includes(value)
      ? [value, ...MEDIA_TYPES]
      : [...MEDIA_TYPES];
  return (
    <Select
      label="Media Type"
      description="The content type of the document, such as application/json."
      placeholder="Type to filter, e.g. json"
      required
      searchable
      readOnly={readOnly}
      variant={readOnly ? 'filled' : 'default'}
      data={data}
      filter={({ options, search }) => {
        const shown = new Set(filterMediaTypes(search, data));
        return options.filter((item) => 'value' in item && shown.has(item.value));
      }}
      nothingFoundMessage={NO_MEDIA_TYPE_MATCH}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
      error={error}
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export type SchemaType = '' | 'inlineSchema' | 'schemaString';

/** A JSON Schema typed inline or named by IRI; the one not chosen is cleared on saving. */
export function SchemaField({
  schemaType,
  onSchemaTypeChange,
  schemaTypeError,
  inlineSchema,
  onInlineSchemaChange,
  onInlineSchemaBlur,
  inlineSchemaError,
  schemaString,
  onSchemaStringChange,
  onSchemaStringBlur,
  schemaStringError,
  readOnly,
}: {
  schemaType: SchemaType;
  onSchemaTypeChange: (value: SchemaType) => void;
  schemaTypeError?: string | undefined;
  inlineSchema: string;
  onInlineSchemaChange: (value: string) => void;
  onInlineSchemaBlur: () => void;
  inlineSchemaError?: string | undefined;
  schemaString: string;
  onSchemaStringChange: (value: string) => void;
  onSchemaStringBlur: () => void;
  schemaStringError?: string | undefined;
  readOnly: boolean;
}) {
  return (
    <Stack gap="xs">
      <Radio.Group
        label="Schema"
        description="The JSON Schema the values must follow: written here, or found at an IRI."
        value={schemaType}
        onChange={(value) =>
          onSchemaTypeChange(
            value === 'inlineSchema' || value === 'schemaString' ? value : ('' as const),
          )
        }
        error={schemaTypeError}
        withAsterisk
      >
        <Group gap="lg" mt="xs">
          <Radio value="inlineSchema" label="Inline JSON Schema" disabled={readOnly} />
          <Radio value="schemaString" label="Schema IRI" disabled={readOnly} />
        </Group>
      </Radio.Group>
      {schemaType === 'inlineSchema' && (
        <Textarea
          label="Inline Schema"
          description='A JSON Schema (draft-07), for example { "type": "object" }.'
          required
          autosize
          minRows={6}
          maxRows={20}
          styles={mono}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          value={inlineSchema}
          onChange={(event) => onInlineSchemaChange(event.currentTarget.value)}
          onBlur={onInlineSchemaBlur}
          error={inlineSchemaError}
          spellCheck={false}
        />
      )}
      {schemaType === 'schemaString' && (
        <TextInput
          label="Schema IRI"
          placeholder="https://example.org/schemas/progress.json"
          required
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          value={schemaString}
          onChange={(event) => onSchemaStringChange(event.currentTarget.value)}
          onBlur={onSchemaStringBlur}
          error={schemaStringError}
          maxLength={PROFILE_LIMITS.iriMax}
        />
      )}
    </Stack>
  );
}

type ComponentErrors =
  | ReadonlyArray<{ id?: { message?: string }; description?: { message?: string } } | undefined>
  | undefined;

/** The choices, scale, source, target or steps of an interaction: an id and a description each. */
export function ComponentListField({
  label,
  itemLabel,
  value,
  onChange,
  errors,
  readOnly,
}: {
  label: string;
  itemLabel: string;
  value: InteractionComponent[];
  onChange: (value: InteractionComponent[]) => void;
  errors: ComponentErrors;
  readOnly: boolean;
}) {
  const change = (index: number, patch: Partial<InteractionComponent>) =>
    onChange(value.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Input.Label>{label}</Input.Label>
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      )}
      {value.map((item, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={`${itemLabel} ${index + 1} id`}
            placeholder="Id"
            required
            w="30%"
            readOnly={readOnly}
            value={item.id}
            onChange={(event) => change(index, { id: event.currentTarget.value })}
            error={errors?.[index]?.id?.message}
            maxLength={200}
          />
          <TextInput
            aria-label={`${itemLabel} ${index + 1} description`}
            placeholder="Description"
            style={{ flex: 1 }}
            readOnly={readOnly}
            value={item.description}
            onChange={(event) => change(index, { description: event.currentTarget.value })}
            error={errors?.[index]?.description?.message}
            maxLength={PROFILE_LIMITS.descriptionMax}
          />
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              ✕
            </ActionIcon>
          )}
        </Group>
      ))}
      {!readOnly && (
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            onClick={() => onChange([...value, { id: '', description: '' }])}
            disabled={value.length >= 200}
          >
            Add {itemLabel.toLowerCase()}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The correct responses pattern: one response string per line entry. */
export function ResponsesField({
  value,
  onChange,
  readOnly,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  readOnly: boolean;
}) {
  return (
    <Stack gap={6} role="group" aria-label="Correct Responses Pattern">
      <div>
        <Input.Label>Correct Responses Pattern</Input.Label>
        <Input.Description>
          Each entry is one correct response in the interaction type's format, e.g. “a[,]b”.
        </Input.Description>
      </div>
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      )}
      {value.map((response, index) => (
        <Group key={index} gap="xs" wrap="nowrap">
          <TextInput
            aria-label={`Correct response ${index + 1}`}
            style={{ flex: 1 }}
            styles={mono}
            readOnly={readOnly}
            value={response}
            onChange={(event) => {
              const text = event.currentTarget.value;
              onChange(value.map((r, i) => (i === index ? text : r)));
            }}
            maxLength={5000}
          />
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove correct response ${index + 1}`}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              ✕
            </ActionIcon>
          )}
        </Group>
      ))}
      {!readOnly && (
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            onClick={() => onChange([...value, ''])}
            disabled={value.length >= 100}
          >
            Add correct response
          </Button>
        </Group>
      )}
    </Stack>
  );
}
