import { Paper, Text } from '@mantine/core';

export type ContentKind = 'templates' | 'patterns' | 'concepts';

const NAMES: Record<ContentKind, { one: string; many: string }> = {
  templates: { one: 'statement template', many: 'statement templates' },
  patterns: { one: 'pattern', many: 'patterns' },
  concepts: { one: 'concept', many: 'concepts' },
};

export const emptyContentMessage = (kind: ContentKind) =>
  `There are no ${NAMES[kind].many} in this version.`;

/** A version's statement templates, patterns or concepts: how many it has. */
export function ContentTab({ kind, count }: { kind: ContentKind; count: number }) {
  const names = NAMES[kind];
  return (
    <Paper withBorder radius="md" p="xl">
      <Text c="dimmed" ta="center">
        {count === 0
          ? emptyContentMessage(kind)
          : `This version has ${count} ${count === 1 ? names.one : names.many}.`}
      </Text>
    </Paper>
  );
}
