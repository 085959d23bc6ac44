import { List, Table, Text } from '@mantine/core';
import type { EvaluatedValue, PassedRule, Rule, RuleEvaluation } from '../../../xapi/index';
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

/** What a rule's location (and selector) found, whether the rule passed or failed. */
function foundOf(values: readonly EvaluatedValue[]): string[] {
  if (values.length === 0) return ['nothing'];
  return values.map((v) =>
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
  passes = [],
  checked,
  caption,
}: {
  rules: readonly Partial<Rule>[];
  failures: readonly RuleEvaluation[];
  /** The rules that passed, with what they found (none when the checks did not report them). */
  passes?: readonly PassedRule[];
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
  const found = new Map(passes.map((p) => [p.ruleIndex, p.values]));
  for (const f of failures) found.set(f.ruleIndex, f.values);
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
            // Not evaluated, nothing was found: the column says "—" rather than "nothing".
            const values = checked ? found.get(index) : undefined;
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
                  <Lines lines={values ? foundOf(values) : []} />
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
