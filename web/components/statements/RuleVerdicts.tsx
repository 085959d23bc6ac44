import { List, Table, Text } from '@mantine/core';
import type { Rule, RuleEvaluation } from '../../../xapi/index';
import { showJson, Verdict, type VerdictKind } from './Verdict';

/** What a rule asks for, as short lines: presence and the value lists. */
function requiredOf(rule: Partial<Rule>): string[] {
  const out: string[] = [];
  if (rule.presence) out.push(`presence: ${rule.presence}`);
  for (const key of ['any', 'all', 'none'] as const) {
    const values = rule[key];
    if (Array.isArray(values)) out.push(`${key}: ${values.map(showJson).join(', ')}`);
  }
  return out;
}

function Lines({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <Text size="sm">—</Text>;
  return (
    <List size="sm" listStyleType="none" spacing={2}>
      {lines.map((line, i) => (
        <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
          {line}
        </List.Item>
      ))}
    </List>
  );
}

function foundOf(failure: RuleEvaluation): string[] {
  if (failure.values.length === 0) return ['nothing'];
  return failure.values.map((v) =>
    'unmatchable' in v ? `nothing (selector, value ${v.locationIndex + 1})` : showJson(v.value),
  );
}

/**
 * Every rule of a template with its verdict: failed rules say where, what was found, what was
 * required and why; the others passed, or were not checked when the template did not apply.
 */
export function RuleVerdicts({
  rules,
  failures,
  checked,
  caption,
}: {
  rules: readonly Partial<Rule>[];
  failures: readonly RuleEvaluation[];
  /** False when the rules were not evaluated (not a statement, or the template does not apply). */
  checked: boolean;
  caption: string;
}) {
  if (rules.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This statement template has no rules.
      </Text>
    );
  }
  const byIndex = new Map(failures.map((f) => [f.ruleIndex, f]));
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={caption} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Location</Table.Th>
            <Table.Th>Verdict</Table.Th>
            <Table.Th>Found</Table.Th>
            <Table.Th>Required</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((rule, index) => {
            const failure = byIndex.get(index);
            const kind: VerdictKind = !checked ? 'not-checked' : failure ? 'failed' : 'passed';
            const location = typeof rule.location === 'string' ? rule.location : '(no location)';
            const selector = typeof rule.selector === 'string' ? rule.selector : undefined;
            return (
              <Table.Tr key={index}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" ff="monospace">
                    {location}
                  </Text>
                  {selector && (
                    <Text size="xs" c="dimmed" ff="monospace">
                      selector: {selector}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Verdict kind={kind} />
                  {failure && (
                    <Text size="xs" mt={4}>
                      {failure.message}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Lines lines={failure ? foundOf(failure) : []} />
                </Table.Td>
                <Table.Td>
                  <Lines lines={requiredOf(rule)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
