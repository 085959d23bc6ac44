import { Textarea } from '@mantine/core';

/** A monospace text area for pasted JSON, growing with its content up to a limit. */
export function StatementTextarea({
  label,
  description,
  value,
  onChange,
}: {
  label: string;
  description: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Textarea
      label={label}
      description={description}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      autosize
      minRows={6}
      maxRows={20}
      spellCheck={false}
      autoComplete="off"
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
    />
  );
}
