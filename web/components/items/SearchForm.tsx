import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { REQUIRED } from '../../../common/profiles';
import { titleCase } from './types';

/** The labels of a search of `subject` ('concepts', 'statement templates'): box and button. */
export const searchLabels = (subject: string) => ({
  label: `Search ${subject}`,
  buttonLabel: `Search ${titleCase(subject)}`,
});

/** A search box with its button; empty text is refused with 'Required'. */
export function SearchForm({
  label,
  buttonLabel,
  initial = '',
  onSearch,
}: {
  label: string;
  buttonLabel: string;
  initial?: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value === '') {
      setError(REQUIRED);
      return;
    }
    setError(null);
    onSearch(value);
  };
  return (
    <form onSubmit={submit} role="search" aria-label={label} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={label}
          placeholder="Name, description or IRI"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          maxLength={200}
          withAsterisk
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" mt={25}>
          {buttonLabel}
        </Button>
      </Group>
    </form>
  );
}
