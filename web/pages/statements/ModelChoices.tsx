import { Box, Code, Text, Textarea } from '@mantine/core';
import { readJson } from '../../components/statements/read-json';

/** The most a written model may be: room for many weights and bounds, not for a document. */
export const MODEL_TEXT_LIMIT = 20_000;

/**
 * The written model as the call sends it: undefined when the field is empty, else the object,
 * or the reason it cannot be sent.
 */
export function modelOf(text: string): { model?: Record<string, unknown> } | { problem: string } {
  if (text.trim() === '') return {};
  const read = readJson(text);
  if (!read.ok) return { problem: `This is not JSON: ${read.message}` };
  const { value } = read;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { problem: 'Write one JSON object, such as {"bounds": [{"hours": [[9, 17]]}]}.' };
  return { model: value as Record<string, unknown> };
}

/**
 * The generation form's part for the rest of the library's model, written as JSON and folded
 * away until opened: what has no field of its own (bounds, periods, activities, extension
 * ranges, settings for some actors) can still be steered from the site.
 */
export function ModelChoices({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const set = value.trim() !== '';
  return (
    <Box component="details" open={error ? true : undefined}>
      <Text component="summary" size="sm" fw={500} style={{ cursor: 'pointer' }}>
        More of the model, as JSON{set ? ' (set)' : ''}
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        Any setting of the simulation model: <Code>weights</Code>, <Code>periods</Code>,{' '}
        <Code>bounds</Code> (when statements may happen, UTC), <Code>activities</Code>,{' '}
        <Code>extensions</Code> (value ranges) or <Code>personae</Code> (settings for some actors:
        mailto:actor1@example.org and on). The choices above are merged over it.
      </Text>
      <Textarea
        mt="xs"
        label="Model (JSON)"
        placeholder='{"bounds": [{"daysOfWeek": [["Monday", "Friday"]], "hours": [[9, 17]]}]}'
        autosize
        minRows={3}
        maxRows={14}
        maxLength={MODEL_TEXT_LIMIT}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
      />
    </Box>
  );
}
