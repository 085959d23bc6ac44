// jsonld-based RDF conversion lives in ./contexts/rdf.ts, outside this entry point, so browser
// bundles that only validate do not pull in jsonld.js.
export type { Finding, Severity } from './findings.js';
export { pointer, sortFindings } from './findings.js';
export type { JsonObject, JsonValue } from './json.js';
export { jsonEqual, jsonEqualSteps } from './json.js';
export type { InputLimits } from './load.js';
export { defaultLimits } from './load.js';
export * from './model/types.js';
export type { ParseResult } from './model/parse.js';
export { parse, parseSteps } from './model/parse.js';
export { serialize, serializeSteps, serializeToString } from './model/serialize.js';
export type { ValidateOptions, ValidationMode } from './validate/index.js';
export { validate, validateModel, validateSteps } from './validate/index.js';
export { IRI_MAX_LENGTH, iriLengthProblem, iriProblem, isRfc3987Iri } from './iri.js';
export type { JsonPath, JsonPathResult, Segment, Selector } from './jsonpath.js';
export { parseJsonPath } from './jsonpath.js';
export { PROFILE_CONTEXT_IRI, profileContext } from './contexts/profile-context.js';
export { ACTIVITY_CONTEXT_IRI, activityContext } from './contexts/activity-context.js';
export type { DocumentLoader, RemoteDocument } from './contexts/loader.js';
export {
  UnavailableContextError,
  bundledContexts,
  createDocumentLoader,
  offlineDocumentLoader,
} from './contexts/loader.js';
export * from './statement/index.js';
export * from './changes/index.js';
export * from './harvest/index.js';
