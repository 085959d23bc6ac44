import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { formatDate } from '../../lib/format';
import type { Deprecation } from './types';

/** Who deprecated the item (a concept unless `noun` says otherwise), when, why, and where to read. */
export function DeprecatedBanner({
  deprecation,
  noun = 'concept',
}: {
  deprecation: Deprecation;
  /** What the item is, in words: 'concept', 'statement template', 'pattern'. */
  noun?: string;
}) {
  if (!deprecation) return null;
  return (
    <Alert color="red" variant="light" title="Deprecated" role="note" aria-label="Deprecated">
      <Stack gap={4}>
        <Text size="sm">
          This {noun} was deprecated by {deprecation.by ?? 'an unknown user'} on{' '}
          {formatDate(deprecation.on)}.
        </Text>
        <Text size="sm">
          <strong>Reason:</strong> {deprecation.reason}
        </Text>
        {deprecation.link && (
          <Text size="sm">
            <strong>More information:</strong>{' '}
            <Anchor href={deprecation.link} target="_blank" rel="noreferrer" size="sm">
              {deprecation.link}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
