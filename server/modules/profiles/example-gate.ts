import type { Finding, JsonObject, Severity, StatementTemplate } from '../../../xapi/index';
import { isUnrecognized, parse, validateStatement } from '../../../xapi/index';
import type { ItemExtras } from '../../db/schema';

/** The rule id of a template whose example statement does not follow the template itself. */
export const EXAMPLE_RULE = 'S-EXAMPLE';

/** A template item as stored: its IRI and the authoring extras that hold its example. */
export interface TemplateExample {
  iri: string;
  extras: ItemExtras;
}

/**
 * Each template's example statement checked against that template alone: a profile should not
 * show an example its own template rejects. Findings point at the template in the document.
 */
export function exampleFindings(
  document: JsonObject,
  items: readonly TemplateExample[],
  severity: Severity,
): Finding[] {
  const examples = new Map(
    items.flatMap((item) =>
      item.extras.statementExample ? [[item.iri, item.extras.statementExample] as const] : [],
    ),
  );
  if (examples.size === 0) return [];
  const templates = parse(document).model?.templates ?? [];
  const findings: Finding[] = [];
  templates.forEach((template, index) => {
    if (isUnrecognized(template) || template.id === undefined) return;
    const text = examples.get(template.id);
    if (text === undefined) return;
    const problem = exampleProblem(template, text);
    if (problem)
      findings.push({
        ruleId: EXAMPLE_RULE,
        severity,
        path: `/templates/${index}`,
        message: problem,
      });
  });
  return findings;
}

function exampleProblem(template: StatementTemplate, text: string): string | null {
  let statement: unknown;
  try {
    statement = JSON.parse(text);
  } catch {
    return `${describe(template)} has an example statement that is not JSON.`;
  }
  const validation = validateStatement(statement, [template]);
  if (validation.outcome === 'success') return null;
  const why = whyRejected(validation);
  return `The example statement of ${describe(template)} does not follow it: ${why}`;
}

function whyRejected(validation: ReturnType<typeof validateStatement>): string {
  const problem = validation.statementProblems[0];
  if (problem) return `it is not an xAPI statement (${problem.path || '/'} ${problem.message}).`;
  const evaluation = validation.templates[0];
  if (evaluation?.mismatch) return evaluation.mismatch.message;
  const rule = evaluation?.failedRules[0];
  if (rule) return rule.message;
  const ref = evaluation?.statementRefs.find((r) => r.status === 'failed');
  return ref?.message ?? 'it does not match the template.';
}

function describe(template: StatementTemplate): string {
  const label = template.prefLabel?.en ?? Object.values(template.prefLabel ?? {})[0];
  return label ? `the template “${label}” (${template.id})` : `the template ${template.id}`;
}
