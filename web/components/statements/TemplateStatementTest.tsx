import { useDebouncedValue } from '@mantine/hooks';
import { List, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DETERMINING_PROPERTY_LABELS, type TemplateView } from '../../../common/templates';
import { validateStatement, type StatementValidation } from '../../../xapi/index';
import { EMPTY_INPUT_MESSAGE, readJson } from './read-json';
import { RuleVerdicts } from './RuleVerdicts';
import { StatementTextarea } from './StatementTextarea';
import { xapiTemplateOf } from './template-model';
import { Verdict, type VerdictKind } from './Verdict';

type Template = TemplateView['template'];

/** How long typing pauses before the statement is checked again. */
export const STATEMENT_CHECK_DELAY_MS = 250;

export const STATEMENT_LABEL = 'Statement to test';
export const FOLLOWS_MESSAGE = 'The statement follows this statement template.';
export const BREAKS_MESSAGE = 'The statement does not follow this statement template.';
export const DOES_NOT_APPLY_MESSAGE =
  "The statement does not match this statement template's determining properties.";

type Check = { ok: false; message: string } | { ok: true; validation: StatementValidation };

function check(text: string, template: ReturnType<typeof xapiTemplateOf>): Check {
  const read = readJson(text);
  if (!read.ok) return read;
  return {
    ok: true,
    validation: validateStatement(read.value, [template], { passedRuleValues: true }),
  };
}

function Heading({ children }: { children: string }) {
  return (
    <Title order={3} size="h5">
      {children}
    </Title>
  );
}

function Summary({ result }: { result: Check }) {
  let kind: VerdictKind = 'failed';
  let text: string;
  if (!result.ok) {
    text = result.message;
    if (text === EMPTY_INPUT_MESSAGE) kind = 'not-checked';
  } else if (result.validation.outcome === 'not-a-statement')
    text = 'This is not a valid xAPI statement.';
  else if (result.validation.outcome === 'success') {
    kind = 'passed';
    text = FOLLOWS_MESSAGE;
  } else if (result.validation.outcome === 'unmatched') text = DOES_NOT_APPLY_MESSAGE;
  else text = BREAKS_MESSAGE;
  return (
    <div role="status" aria-live="polite">
      <Verdict kind={kind} label={text} />
    </div>
  );
}

/**
 * Test a Statement: a statement (the template's example to begin with) checked as it is typed:
 * xAPI basics, the determining properties, the statement references and every rule.
 */
export function TemplateStatementTest({ template }: { template: Template }) {
  const [text, setText] = useState(template.statementExample);
  const [typed] = useDebouncedValue(text, STATEMENT_CHECK_DELAY_MS);
  const model = useMemo(() => xapiTemplateOf(template), [template]);
  const result = useMemo(() => check(typed, model), [typed, model]);
  const validation = result.ok ? result.validation : undefined;
  const isStatement = validation !== undefined && validation.outcome !== 'not-a-statement';
  const evaluation = validation?.templates[0];
  const mismatch = evaluation?.mismatch;
  const refs = evaluation?.statementRefs ?? [];

  return (
    <Stack gap="md">
      <StatementTextarea
        label={STATEMENT_LABEL}
        description="Paste or type an xAPI statement: it is checked against this template as you type, in your browser."
        value={text}
        onChange={setText}
      />
      <Summary result={result} />
      {result.ok && (
        <Stack gap="sm">
          <Heading>xAPI statement</Heading>
          {isStatement ? (
            <Verdict kind="passed" label="Valid xAPI statement" />
          ) : (
            <>
              <Verdict kind="failed" label="Not a valid xAPI statement" />
              <List size="sm" aria-label="Statement problems">
                {validation?.statementProblems.map((p, i) => (
                  <List.Item key={i}>
                    <Text span size="sm" ff="monospace">
                      {p.path || '/'}
                    </Text>
                    : {p.message}
                  </List.Item>
                ))}
              </List>
            </>
          )}
          <Heading>Determining properties</Heading>
          {!isStatement ? (
            <Verdict kind="not-checked" />
          ) : mismatch ? (
            <Stack gap={4}>
              <Verdict
                kind="failed"
                label={`${DETERMINING_PROPERTY_LABELS[mismatch.property]} does not match`}
              />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {mismatch.message}
              </Text>
            </Stack>
          ) : (
            <Verdict kind="passed" label="The determining properties match" />
          )}
          {refs.length > 0 && (
            <>
              <Heading>Statement references</Heading>
              <List size="sm" listStyleType="none" aria-label="Statement references">
                {refs.map((ref) => (
                  <List.Item key={ref.property}>
                    <Verdict
                      kind={
                        ref.status === 'failed'
                          ? 'failed'
                          : ref.status === 'passed'
                            ? 'passed'
                            : 'not-checked'
                      }
                    />
                    <Text size="sm">{ref.message}</Text>
                  </List.Item>
                ))}
              </List>
            </>
          )}
          <Heading>Rules</Heading>
          <RuleVerdicts
            rules={template.rules}
            failures={evaluation?.failedRules ?? []}
            passes={evaluation?.passedRules}
            checked={evaluation?.applies === true}
            caption="Rule verdicts"
          />
        </Stack>
      )}
    </Stack>
  );
}
