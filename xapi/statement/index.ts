export type { CompileProblem, CompiledProfile, CompiledTemplate, PatternNode } from './compile.js';
export { compileProfile } from './compile.js';
export type { FollowsPatternsOptions } from './follow-patterns.js';
export { SUBREGISTRATION_EXTENSION, followsPatterns, orderByTimestamp } from './follow-patterns.js';
export type { TemplateStream } from './matches.js';
export { matchPattern } from './matches.js';
export {
  XAPI_VERSIONS,
  checkStatement,
  normalizeStatement,
  xapiVersionOf,
  type StatementCheckOptions,
  type XapiVersion,
} from './statement-check.js';
export type { ValidateStatementOptions } from './validate-statement.js';
export { validateStatement } from './validate-statement.js';
export type * from './types.js';
