import { Button, Group, Input, Pill, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { parseTags, PROFILE_LIMITS } from '../../common/profiles';

/**
 * Tags typed comma-separated: trimmed, empty ones dropped, duplicates removed. Enter adds them as
 * Add does. Tags in `locked` (those of a published version) cannot be removed.
 */
export function TagsField({
  value,
  onChange,
  locked = [],
  error,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  locked?: readonly string[];
  error?: string | undefined;
}) {
  const [text, setText] = useState('');
  const lockedSet = new Set(locked);
  const blank = text.trim() === '';
  const full = value.length >= PROFILE_LIMITS.tagsMax;

  const add = () => {
    const typed = parseTags(text).map((tag) => tag.slice(0, PROFILE_LIMITS.tagMax));
    if (typed.length === 0) return;
    const next = [...new Set([...value, ...typed])].slice(0, PROFILE_LIMITS.tagsMax);
    onChange(next);
    setText('');
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Tags"
          description="Separate tags with commas."
          placeholder="video, assessment"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          error={error}
          disabled={full}
          style={{ flex: 1 }}
        />
        <Button variant="light" onClick={add} disabled={blank || full}>
          Add
        </Button>
      </Group>
      {value.length > 0 ? (
        <Pill.Group aria-label="Tags added">
          {value.map((tag) => (
            <Pill
              key={tag}
              size="md"
              withRemoveButton={!lockedSet.has(tag)}
              onRemove={() => onChange(value.filter((t) => t !== tag))}
              // Mantine hides the remove button from keyboards and screen readers by default.
              removeButtonProps={{
                'aria-label': `Remove tag ${tag}`,
                'aria-hidden': false,
                tabIndex: 0,
              }}
            >
              {tag}
            </Pill>
          ))}
        </Pill.Group>
      ) : (
        <Text size="sm" c="dimmed">
          No tags yet.
        </Text>
      )}
      {full && (
        <Input.Description>
          A profile can have at most {PROFILE_LIMITS.tagsMax} tags.
        </Input.Description>
      )}
    </Stack>
  );
}
