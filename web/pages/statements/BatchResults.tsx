import { Badge, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type {
  FollowOutcome,
  Iri,
  PatternMatchResult,
  StatementValidation,
  StreamResult,
} from '../../../xapi/index';
import { Verdict, type VerdictKind } from '../../components/statements/Verdict';
import type { BatchResult } from './batch-check';

type Names = Map<Iri, string>;

/**
 * A statement whose category names no version of this profile is not bound by it: nothing was
 * checked, whatever its templates would say (the CLI and /api/validate_patterns read it so).
 */
export const NOT_BOUND = { kind: 'not-checked', label: 'Not checked' } as const;
export const NOT_BOUND_REASON =
  'Its category names no version of this profile, so the profile does not bind it.';

const OUTCOME: Record<StatementValidation['outcome'], { kind: VerdictKind; label: string }> = {
  success: { kind: 'passed', label: 'Matched' },
  invalid: { kind: 'failed', label: 'Failed a template' },
  unmatched: { kind: 'not-checked', label: 'No template applies' },
  'not-a-statement': { kind: 'failed', label: 'Not a valid xAPI statement' },
};

/**
 * What one primary pattern made of the registration's statements. Only the registration is
 * followed or not: a pattern that matched every statement does not make it followed when one of
 * them failed its template.
 */
function patternOutcome(p: PatternMatchResult): { kind: VerdictKind; label: string } {
  if (p.outcome === 'partial') return { kind: 'open', label: 'Stopped part way' };
  if (p.outcome === 'failure') return { kind: 'failed', label: 'Did not match' };
  return p.remaining === 0
    ? { kind: 'passed', label: 'Matched every statement' }
    : { kind: 'failed', label: 'Ended before the statements' };
}

const STREAM_OUTCOME: Record<FollowOutcome, { kind: VerdictKind; label: string }> = {
  followed: { kind: 'passed', label: 'Follows a primary pattern' },
  partial: { kind: 'open', label: 'Still open: not followed yet' },
  'not-followed': { kind: 'failed', label: 'Follows no primary pattern' },
};

const BATCH_OUTCOME: Record<FollowOutcome, { color: string; label: string }> = {
  followed: { color: 'green', label: 'Patterns followed' },
  partial: { color: 'orange', label: 'Patterns still open' },
  'not-followed': { color: 'red', label: 'Patterns not followed' },
};

function ItemName({ iri, names }: { iri: Iri; names: Names }) {
  const name = names.get(iri);
  return (
    <Stack gap={0}>
      <Text size="sm">{name ?? iri}</Text>
      {name && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {iri}
        </Text>
      )}
    </Stack>
  );
}

const statementLabel = (index: number) => `Statement ${index + 1}`;

/** Why a statement failed: each failed template with the messages of its broken parts. */
function Failures({ validation, names }: { validation: StatementValidation; names: Names }) {
  if (validation.outcome === 'not-a-statement') {
    return (
      <List size="sm">
        {validation.statementProblems.map((p, i) => (
          <List.Item key={i}>
            {p.path || '/'}: {p.message}
          </List.Item>
        ))}
      </List>
    );
  }
  const failed = validation.templates.filter((t) => t.applies && !t.passed);
  if (failed.length === 0) return <Text size="sm">—</Text>;
  return (
    <List size="sm" spacing={4}>
      {failed.map((t) => (
        <List.Item key={t.templateId}>
          <ItemName iri={t.templateId} names={names} />
          <List size="xs" withPadding>
            {t.failedRules.map((r) => (
              <List.Item key={r.ruleIndex}>{r.message}</List.Item>
            ))}
            {t.statementRefs
              .filter((ref) => ref.status === 'failed')
              .map((ref) => (
                <List.Item key={ref.property}>{ref.message}</List.Item>
              ))}
          </List>
        </List.Item>
      ))}
    </List>
  );
}

/** Template names of a statement's failed templates, as a phrase: “A” or “A” and “B”. */
function failedTemplates(validation: StatementValidation | undefined, names: Names): string {
  const failed = (validation?.templates ?? [])
    .filter((t) => t.applies && !t.passed)
    .map((t) => `“${names.get(t.templateId) ?? t.templateId}”`);
  if (failed.length <= 1) return failed[0] ?? '';
  return `${failed.slice(0, -1).join(', ')} and ${failed.at(-1)}`;
}

/** What a statement of a registration did wrong, naming the template it failed. */
function statementFault(
  index: number,
  outcome: StatementValidation['outcome'],
  result: BatchResult,
  names: Names,
): string {
  const label = statementLabel(index);
  if (outcome === 'invalid') {
    const failed = failedTemplates(result.statements[index], names);
    const count = (result.statements[index]?.templates ?? []).filter(
      (t) => t.applies && !t.passed,
    ).length;
    return `${label} failed the template${count === 1 ? '' : 's'} ${failed}`;
  }
  if (outcome === 'unmatched') return `${label} matches no template`;
  if (outcome === 'not-a-statement') return `${label} is not a valid xAPI statement`;
  return `${label} matched`;
}

function StatementsTable({ result, names }: { result: BatchResult; names: Names }) {
  const unbound = new Set(result.patterns.skipped);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Statement results" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Statement</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Matched templates</Table.Th>
            <Table.Th>Failures</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.statements.map((validation, index) => {
            const bound = !unbound.has(index);
            const outcome = bound ? OUTCOME[validation.outcome] : NOT_BOUND;
            return (
              <Table.Tr key={index}>
                <Table.Th scope="row" fw={500}>
                  {statementLabel(index)}
                </Table.Th>
                <Table.Td>
                  <Verdict kind={outcome.kind} label={outcome.label} />
                </Table.Td>
                <Table.Td>
                  {!bound || validation.matched.length === 0 ? (
                    <Text size="sm">—</Text>
                  ) : (
                    <List size="sm" listStyleType="none">
                      {validation.matched.map((iri) => (
                        <List.Item key={iri}>
                          <ItemName iri={iri} names={names} />
                        </List.Item>
                      ))}
                    </List>
                  )}
                </Table.Td>
                <Table.Td>
                  {bound ? (
                    <Failures validation={validation} names={names} />
                  ) : (
                    <Text size="sm">{NOT_BOUND_REASON}</Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function streamTitle(stream: StreamResult): string {
  const registration = stream.registration ?? 'No registration';
  const title = stream.registration ? `Registration ${registration}` : registration;
  return stream.subregistration ? `${title}, subregistration ${stream.subregistration}` : title;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The registration's verdict in a sentence, with names: followed, why not, or what comes next. */
function streamSentence(
  stream: StreamResult,
  result: BatchResult,
  names: Names,
): string | undefined {
  const name = (iri: Iri) => names.get(iri) ?? iri;
  const at = (position: number) => statementLabel(stream.statements[position] ?? position);
  const pattern = stream.patterns.find((p) => p.patternId === stream.patternId);
  if (stream.outcome === 'followed') return `Follows ${name(stream.patternId ?? '')}.`;
  if (stream.outcome === 'partial') {
    const expected = (stream.expected ?? []).map(name);
    return `Not finished: ${name(stream.patternId ?? '')} stopped after ${at(stream.statements.length - 1)} and expects next ${expected.length === 0 ? 'more statements' : expected.join(' or ')}.`;
  }
  switch (stream.reason) {
    case 'failed-template': {
      const faults = stream.notValidated.map((n) =>
        statementFault(n.index, n.outcome, result, names),
      );
      return `${faults.join('; ')}, so no pattern can be followed.`;
    }
    case 'left-over': {
      const consumed = pattern?.trace.consumed ?? 0;
      const end = consumed === 0 ? 'before the first statement' : `after ${at(consumed - 1)}`;
      return `${name(stream.patternId ?? '')} ends ${end}; ${plural(pattern?.remaining ?? 0, 'statement')} left over, from ${at(consumed)}.`;
    }
    case 'no-match': {
      const stoppedAt = pattern?.trace.stoppedAt;
      if (stoppedAt === undefined) return 'No primary pattern accepts these statements.';
      const expected = (pattern?.trace.expected ?? []).map(name);
      return `No primary pattern accepts these statements; ${name(stream.patternId ?? '')} got furthest: at ${at(stoppedAt)} it expected ${expected.length === 0 ? 'no more statements' : expected.join(' or ')}.`;
    }
    default:
      // No primary pattern: the table's place says so.
      return undefined;
  }
}

/** Draws a registration's path through its primary pattern (the page that knows the pattern gives it). */
export type StreamDiagram = (stream: StreamResult) => ReactNode;

function Stream({
  stream,
  result,
  names,
  diagram,
}: {
  stream: StreamResult;
  result: BatchResult;
  names: Names;
  diagram: StreamDiagram | undefined;
}) {
  const verdict = STREAM_OUTCOME[stream.outcome];
  const sentence = streamSentence(stream, result, names);
  return (
    <Stack gap="xs" component="section" aria-label={streamTitle(stream)}>
      <Group gap="sm">
        <Title order={4} size="h6" style={{ overflowWrap: 'anywhere' }}>
          {streamTitle(stream)}
        </Title>
        <Verdict kind={verdict.kind} label={verdict.label} />
      </Group>
      {sentence && <Text size="sm">{sentence}</Text>}
      {diagram?.(stream)}
      <Text size="sm">In order: {stream.statements.map((i) => statementLabel(i)).join(', ')}</Text>
      {stream.patterns.length === 0 ? (
        <Text size="sm" c="dimmed">
          This version has no primary patterns.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={`Patterns for ${streamTitle(stream)}`} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pattern</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>Where it stopped</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stream.patterns.map((p) => {
                const outcome = patternOutcome(p);
                return (
                  <Table.Tr key={p.patternId}>
                    <Table.Td>
                      <ItemName iri={p.patternId} names={names} />
                    </Table.Td>
                    <Table.Td>
                      <Verdict kind={outcome.kind} label={outcome.label} />
                      {p.remaining > 0 && (
                        <Text size="xs">{plural(p.remaining, 'statement')} left over</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {p.trace.stoppedAt !== undefined &&
                          `At ${statementLabel(stream.statements[p.trace.stoppedAt] ?? p.trace.stoppedAt)}: `}
                        {p.trace.message}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The batch's results: per statement the templates, per registration the patterns. */
export function BatchResults({
  result,
  names,
  diagram,
}: {
  result: BatchResult;
  names: Names;
  diagram?: StreamDiagram;
}) {
  const counts = { success: 0, invalid: 0, unmatched: 0, 'not-a-statement': 0 };
  const { patterns } = result;
  const unbound = new Set(patterns.skipped);
  result.statements.forEach((v, index) => {
    if (!unbound.has(index)) counts[v.outcome]++;
  });
  return (
    <Stack gap="lg">
      <div role="status" aria-live="polite">
        <Group gap="xs">
          <Text size="sm">
            {plural(result.statements.length, 'statement')}: {counts.success} matched,{' '}
            {counts.invalid} failed a template, {counts.unmatched} matched no template,{' '}
            {counts['not-a-statement']} not valid xAPI
            {unbound.size > 0 && `, ${unbound.size} not checked (not bound to this profile)`}.
          </Text>
          {/* Nothing checked against the patterns is neither followed nor broken. */}
          {patterns.streams.length > 0 || patterns.rejected.length > 0 ? (
            <Badge variant="light" color={BATCH_OUTCOME[patterns.outcome].color}>
              {BATCH_OUTCOME[patterns.outcome].label}
            </Badge>
          ) : (
            <Badge variant="light" color="gray">
              No pattern checked
            </Badge>
          )}
        </Group>
      </div>
      <Stack gap="xs">
        <Title order={3} size="h4">
          Statements
        </Title>
        <StatementsTable result={result} names={names} />
      </Stack>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Registrations
        </Title>
        {patterns.streams.length === 0 && (
          <Text size="sm" c="dimmed">
            No statement was checked against the patterns.
          </Text>
        )}
        {patterns.streams.map((stream) => (
          <Stream
            key={`${stream.registration ?? ''} ${stream.subregistration ?? ''}`}
            stream={stream}
            result={result}
            names={names}
            diagram={diagram}
          />
        ))}
        {patterns.skipped.length > 0 && (
          <Text size="sm">
            Not checked against the patterns, as their category names no version of this profile:{' '}
            {patterns.skipped.map(statementLabel).join(', ')}.
          </Text>
        )}
        {patterns.rejected.length > 0 && (
          <List size="sm" aria-label="Statements that cannot be grouped">
            {patterns.rejected.map((r) => (
              <List.Item key={r.index}>
                {statementLabel(r.index)}: {r.message}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}
