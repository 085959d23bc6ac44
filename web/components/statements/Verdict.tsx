import { Group, Text } from '@mantine/core';

/** `open`: not a success and not a failure yet (a pattern that more statements could complete). */
export type VerdictKind = 'passed' | 'failed' | 'open' | 'not-checked';

const LOOK: Record<VerdictKind, { icon: string; color: string; label: string }> = {
  passed: { icon: '✓', color: 'green', label: 'Passed' },
  failed: { icon: '✗', color: 'red', label: 'Failed' },
  open: { icon: '…', color: 'orange', label: 'Still open' },
  'not-checked': { icon: '–', color: 'gray', label: 'Not checked' },
};

/** A verdict told by its words and an icon; the colour only repeats them. */
export function Verdict({ kind, label }: { kind: VerdictKind; label?: string }) {
  const look = LOOK[kind];
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Text span c={look.color} fw={700} aria-hidden>
        {look.icon}
      </Text>
      <Text span size="sm" fw={600}>
        {label ?? look.label}
      </Text>
    </Group>
  );
}

/** A JSON value on one line, for "found" and "required" columns. */
export function showJson(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
