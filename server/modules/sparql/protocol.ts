/** What the server thread asks a SPARQL worker. One request at a time; each gets one reply. */
export type WorkerRequest =
  /**
   * Converts a published document to RDF and infers, without keeping it: the reply's N-Triples
   * are what every worker is then given (`restore`). Each document's blank nodes are its own.
   */
  | { type: 'convert'; graph: string; document: string }
  /** `convert`, and keeps the result as the named graph `graph`. */
  | { type: 'load'; graph: string; document: string }
  /** Keeps N-Triples converted before as the named graph `graph`, replacing what it held. */
  | { type: 'restore'; graph: string; ntriples: string }
  /**
   * Keeps many graphs at once, each from its N-Triples (stored when its version was published,
   * or converted before) or, when it has none, converted from its document as `load` does; the
   * reply's `converted` holds the N-Triples of those converted. A document that cannot be
   * converted is left out and named in `failed`.
   */
  | { type: 'fill'; graphs: FillEntry[] }
  | { type: 'drop'; graph: string }
  /** Which graph is a profile's current version (null: none); the default graph follows. */
  | { type: 'current'; profileId: string; graph: string | null }
  | { type: 'query'; query: string; format: string; maxBytes: number };

/**
 * One graph of a `fill`: its N-Triples, or the document to convert. `currentOf` names the
 * profile whose current version it is: its statements then go to the default graph in the same
 * load (copying them there afterwards, statement by statement, took most of a fill).
 */
export type FillEntry = (
  { graph: string; ntriples: string } | { graph: string; document: string }
) & { currentOf?: string };

/**
 * Why a request failed: `invalid`, the query does not parse or cannot be answered as written;
 * `too-large`, its answer is over the limit; `failed`, a document that cannot be converted;
 * `broken`, the engine itself failed (a WebAssembly trap, memory exhausted) and the worker must
 * not be used again.
 */
export type FailureReason = 'invalid' | 'too-large' | 'failed' | 'broken';

export type WorkerReply =
  | {
      ok: true;
      ntriples?: string;
      result?: string;
      converted?: Record<string, string>;
      failed?: Array<{ graph: string; error: string }>;
    }
  | { ok: false; error: string; reason: FailureReason };

/** The format that asks for the answer as a JSON list of bindings (`POST /api/sparql`, text). */
export const BINDINGS = 'bindings';

/** One value of a binding, as in SPARQL 1.1 Query Results JSON. */
export interface Binding {
  type: 'uri' | 'bnode' | 'literal';
  value: string;
  datatype?: string;
  'xml:lang'?: string;
}

/**
 * The stack of each worker thread, in MB. oxigraph recurses on two stacks: WebAssembly's own, of
 * a size fixed when it was built (`SPARQL_LIMITS` keep queries well within it), and the thread's,
 * where optimised code takes larger frames: at Node's default of 4 MB a sum of 900 terms
 * overflowed it once optimised. At 16 MB the thread's stack is never the tighter of the two.
 */
export const WORKER_STACK_MB = 16;
