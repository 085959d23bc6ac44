import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { Finding } from '../../../../xapi/index';
import { findingPlace } from './live-check';

export const LIVE_CHECK_TITLE = 'Checked against the xAPI Profiles specification';
export const NO_FINDINGS = 'No problems found so far.';

/** What the xAPI Profiles validator says about the concept as typed. */
export function LiveFindings({ findings }: { findings: Finding[] }) {
  const errors = findings.filter((f) => f.severity === 'error').length;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={LIVE_CHECK_TITLE}
      bg={errors > 0 ? 'var(--mantine-color-red-light)' : undefined}
    >
      <Stack gap="xs">
        <Title order={3} size="h6">
          {LIVE_CHECK_TITLE}
        </Title>
        {findings.length === 0 ? (
          <Text size="sm" c="dimmed">
            {NO_FINDINGS}
          </Text>
        ) : (
          <List size="sm" spacing={6} aria-label="Specification findings" listStyleType="none">
            {findings.map((finding, index) => (
              <List.Item key={`${finding.ruleId}-${finding.path}-${index}`}>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Badge
                    size="xs"
                    variant="light"
                    color={finding.severity === 'error' ? 'red' : 'yellow'}
                    style={{ flexShrink: 0 }}
                    mt={3}
                  >
                    {finding.severity}
                  </Badge>
                  <Text size="sm" span>
                    {finding.message}{' '}
                    <Text span size="xs" c="dimmed">
                      (rule {finding.ruleId}
                      {findingPlace(finding) !== '' ? ` at ${findingPlace(finding)}` : ''})
                    </Text>
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
