/** What the server thread asks the SPARQL worker. One request at a time; each gets one reply. */
export type WorkerRequest =
  /** Converts a published document to RDF, infers, and keeps it as the named graph `graph`. */
  | { type: 'load'; graph: string; document: string }
  /** Puts back a graph the worker produced before (a fresh worker after a terminated one). */
  | { type: 'restore'; graph: string; ntriples: string }
  | { type: 'drop'; graph: string }
  /** Which graph is a profile's current version (null: none); the default graph follows. */
  | { type: 'current'; profileId: string; graph: string | null }
  | { type: 'query'; query: string; format: string; maxBytes: number };

export type WorkerReply =
  | { ok: true; ntriples?: string; result?: string; quads?: number }
  | { ok: false; error: string; reason: 'invalid' | 'too-large' | 'failed' };

/** The format that asks for the answer as a JSON list of bindings (`POST /api/sparql`, text). */
export const BINDINGS = 'bindings';

/** One value of a binding, as in SPARQL 1.1 Query Results JSON. */
export interface Binding {
  type: 'uri' | 'bnode' | 'literal';
  value: string;
  datatype?: string;
  'xml:lang'?: string;
}
