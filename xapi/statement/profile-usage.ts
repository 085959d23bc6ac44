/**
 * How a statement uses the profile's concepts, beyond templates (structure §7.2, §7.4): an
 * extension the profile defines sits only where its type allows (ContextExtension in
 * `context.extensions`, ResultExtension in `result.extensions`, ActivityExtension in an activity
 * definition), and activities in statements carry no JSON-LD `@context`.
 */
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
  const place = (value: JsonValue | undefined, path: string, allowed: ExtensionType) => {
    if (!isObject(value) || extensions.size === 0) return;
    for (const key of Object.keys(value)) {
      const type = extensions.get(key);
      if (type !== undefined && type !== allowed) {
        problems.push({
          path: `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          message: `"${key}" is a ${type} of the profile: it belongs in ${homeOf[type]}.`,
        });
      }
    }
  };
  const activity = (value: JsonValue | undefined, path: string) => {
    if (!isObject(value) || !isObject(value.definition)) return;
    if ('@context' in value.definition) {
      problems.push({
        path: `${path}/definition/@context`,
        message: 'An activity in a statement carries no "@context"; that belongs to the profile.',
      });
    }
    place(value.definition.extensions, `${path}/definition/extensions`, 'ActivityExtension');
  };
  const context = isObject(statement.context) ? statement.context : undefined;
  place(context?.extensions, '/context/extensions', 'ContextExtension');
  if (isObject(statement.result)) {
    place(statement.result.extensions, '/result/extensions', 'ResultExtension');
  }
  const object = statement.object;
  if (isObject(object) && (object.objectType ?? 'Activity') === 'Activity')
    activity(object, '/object');
  const activities =
    context && isObject(context.contextActivities) ? context.contextActivities : {};
  for (const [kind, list] of Object.entries(activities)) {
    if (Array.isArray(list)) {
      list.forEach((a, i) => activity(a, `/context/contextActivities/${kind}/${i}`));
    }
  }
  return problems;
}
