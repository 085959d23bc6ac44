/**
 * How a statement uses the profile's concepts, beyond templates (structure §7.2, §7.4): an
 * extension the profile defines sits only where its type allows (ContextExtension in
 * `context.extensions`, ResultExtension in `result.extensions`, ActivityExtension in an activity
 * definition), and activities in statements carry no JSON-LD `@context`.
 */
import { pointerToken } from '../findings.js';
import type { JsonValue } from '../json.js';
import { isObject } from '../json.js';
import type { ExtensionType, Iri } from '../model/types.js';
import type { Statement, StatementProblem } from './types.js';

const homeOf: Record<ExtensionType, string> = {
  ContextExtension: 'context.extensions',
  ResultExtension: 'result.extensions',
  ActivityExtension: "an activity definition's extensions",
};

export function profileUsageProblems(
  statement: Statement,
  extensions: ReadonlyMap<Iri, ExtensionType>,
): StatementProblem[] {
  const problems: StatementProblem[] = [];
  const context = isObject(statement.context) ? statement.context : undefined;
  place(problems, extensions, context?.extensions, '/context/extensions', 'ContextExtension');
  if (isObject(statement.result)) {
    place(
      problems,
      extensions,
      statement.result.extensions,
      '/result/extensions',
      'ResultExtension',
    );
  }
  const object = statement.object;
  if (isObject(object) && (object.objectType ?? 'Activity') === 'Activity')
    activity(problems, extensions, object, '/object');
  const activities =
    context && isObject(context.contextActivities) ? context.contextActivities : {};
  for (const kind in activities) {
    const list = activities[kind];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++)
      activity(problems, extensions, list[i], `/context/contextActivities/${kind}`, i);
  }
  return problems;
}

/*
 * Every statement checked passes through here, nearly always without a problem: a path is put
 * together only for a problem found, or for an activity's extensions when the profile defines
 * extensions.
 */

/** Extensions of the profile in `value` that belong somewhere else. */
function place(
  problems: StatementProblem[],
  extensions: ReadonlyMap<Iri, ExtensionType>,
  value: JsonValue | undefined,
  path: string,
  allowed: ExtensionType,
): void {
  if (!isObject(value) || extensions.size === 0) return;
  for (const key in value) {
    const type = extensions.get(key);
    if (type !== undefined && type !== allowed) {
      problems.push({
        path: `${path}/${pointerToken(key)}`,
        message: `"${key}" is a ${type} of the profile: it belongs in ${homeOf[type]}.`,
      });
    }
  }
}

/** An activity at `path` (or at `path`/`index` in a list): no `@context`, extensions in place. */
function activity(
  problems: StatementProblem[],
  extensions: ReadonlyMap<Iri, ExtensionType>,
  value: JsonValue | undefined,
  path: string,
  index?: number,
): void {
  if (!isObject(value) || !isObject(value.definition)) return;
  const at = () => (index === undefined ? path : `${path}/${index}`);
  if ('@context' in value.definition) {
    problems.push({
      path: `${at()}/definition/@context`,
      message: 'An activity in a statement carries no "@context"; that belongs to the profile.',
    });
  }
  const own = value.definition.extensions;
  if (isObject(own) && extensions.size > 0)
    place(problems, extensions, own, `${at()}/definition/extensions`, 'ActivityExtension');
}
