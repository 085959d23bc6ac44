import oxigraph, { type Quad, type Term } from 'oxigraph';
import { parentPort } from 'node:worker_threads';
import {
  BINDINGS,
  type Binding,
  type FailureReason,
  type WorkerReply,
  type WorkerRequest,
} from './protocol';
import { asNTriples, documentGraph } from './rdf';
import { lowerThisThreadPriority } from './thread-priority';

const XSD = 'http://www.w3.org/2001/XMLSchema#';
const XSD_STRING = `${XSD}string`;
const XSD_BOOLEAN = `${XSD}boolean`;

/**
 * The SPARQL store of one node, in its own thread so that no query holds up the server's
 * requests. Every published version is a named graph; the default graph is the merge of the
 * current versions' graphs (each document's blank nodes its own, see `rdf.ts`), kept as a copy
 * so that queries naming their own dataset (FROM, FROM NAMED) are answered as SPARQL says.
 */
const store = new oxigraph.Store();
const currentOf = new Map<string, string>();
const currentGraphs = new Set<string>();
const defaultGraph = oxigraph.defaultGraph();

function graphQuads(graph: string): Quad[] {
  return store.match(null, null, null, oxigraph.namedNode(graph));
}

function drop(graph: string) {
  for (const quad of graphQuads(graph)) store.delete(quad);
}

function addToDefault(graph: string) {
  for (const q of graphQuads(graph))
    store.add(oxigraph.quad(q.subject, q.predicate, q.object, defaultGraph));
}

/** Removes a graph's statements from the default graph unless another current graph has them. */
function removeFromDefault(graph: string) {
  for (const q of graphQuads(graph)) {
    const elsewhere = store
      .match(q.subject, q.predicate, q.object, null)
      .some(
        (other) =>
          other.graph.termType === 'NamedNode' &&
          other.graph.value !== graph &&
          currentGraphs.has(other.graph.value),
      );
    if (!elsewhere) store.delete(oxigraph.quad(q.subject, q.predicate, q.object, defaultGraph));
  }
}

function setCurrent(profileId: string, graph: string | null) {
  const before = currentOf.get(profileId) ?? null;
  if (before === graph) return;
  if (before) {
    currentGraphs.delete(before);
    currentOf.delete(profileId);
    removeFromDefault(before);
  }
  if (graph) {
    currentGraphs.add(graph);
    currentOf.set(profileId, graph);
    addToDefault(graph);
  }
}

const ownerOf = (graph: string) => [...currentOf].find(([, g]) => g === graph)?.[0] ?? null;

/**
 * Puts `fill` in place of what the named graph held. A current graph leaves the default graph
 * first and comes back with its new statements, so the default graph never keeps old ones.
 */
function replace(graph: string, fill: () => void) {
  const owner = ownerOf(graph);
  if (owner) setCurrent(owner, null);
  drop(graph);
  fill();
  if (owner) setCurrent(owner, graph);
}

/**
 * Keeps `ntriples` as the named graph `graph`, the current version of `profileId`, and in the
 * default graph: one load of each statement twice, in the graph and in the default graph, so
 * that both hold the same blank nodes (labels are one node within one load), as `addToDefault`
 * would have copied them, at the speed of the parser rather than a statement at a time.
 */
function loadCurrent(profileId: string, graph: string, ntriples: string) {
  const owner = ownerOf(graph);
  if (owner) setCurrent(owner, null);
  setCurrent(profileId, null);
  drop(graph);
  const named = ` <${graph}> .`;
  let nquads = '';
  for (const line of ntriples.split('\n')) {
    if (!line.endsWith(' .')) continue;
    nquads += `${line.slice(0, -2)}${named}\n${line}\n`;
  }
  store.load(nquads, { format: 'application/n-quads' });
  currentGraphs.add(graph);
  currentOf.set(profileId, graph);
}

/** A term as a SPARQL JSON result writes it: type, value, and a literal's datatype or language. */
function termJson(term: Term): Binding {
  if (term.termType === 'NamedNode') return { type: 'uri', value: term.value };
  if (term.termType === 'BlankNode') return { type: 'bnode', value: term.value };
  if (term.termType === 'Literal') {
    const literal: Binding = { type: 'literal', value: term.value };
    if (term.language) literal['xml:lang'] = term.language;
    else if (term.datatype.value !== XSD_STRING) literal.datatype = term.datatype.value;
    return literal;
  }
  return { type: 'literal', value: String(term.value) };
}

/**
 * Any query's answer as a list of bindings: a SELECT's rows, an ASK's one `boolean`, and a
 * CONSTRUCT's or DESCRIBE's statements as `subject`, `predicate`, `object`.
 */
function asBindings(answer: ReturnType<typeof store.query>): Array<Record<string, Binding>> {
  if (typeof answer === 'boolean')
    return [{ boolean: { type: 'literal', value: String(answer), datatype: XSD_BOOLEAN } }];
  if (typeof answer === 'string') return [];
  return answer.map((row) => {
    if (row instanceof Map)
      return Object.fromEntries([...row].map(([name, term]) => [name, termJson(term)]));
    const quad = row;
    return {
      subject: termJson(quad.subject),
      predicate: termJson(quad.predicate),
      object: termJson(quad.object),
    };
  });
}

/**
 * A failure of the engine rather than of the request: a WebAssembly trap ("memory access out of
 * bounds", "unreachable" after a failed allocation) or memory exhausted. oxigraph is unusable
 * after one, so the worker says so and is replaced.
 */
function engineFailed(error: unknown): boolean {
  return error instanceof WebAssembly.RuntimeError || error instanceof RangeError;
}

const failure = (reason: FailureReason, error: unknown): WorkerReply => ({
  ok: false,
  reason: engineFailed(error) ? 'broken' : reason,
  error: error instanceof Error ? error.message : String(error),
});

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  switch (request.type) {
    case 'convert':
    case 'load': {
      const name = oxigraph.namedNode(request.graph);
      let quads: Quad[];
      try {
        quads = await documentGraph(JSON.parse(request.document), name);
      } catch (error) {
        return failure('failed', error);
      }
      if (request.type === 'load')
        replace(request.graph, () => {
          for (const quad of quads) store.add(quad);
        });
      return { ok: true, ntriples: asNTriples(quads, name) };
    }
    case 'restore': {
      const name = oxigraph.namedNode(request.graph);
      // `load` gives the blank nodes of each call new identities, as `convert` did.
      replace(request.graph, () =>
        store.load(request.ntriples, { format: 'application/n-triples', to_graph_name: name }),
      );
      return { ok: true };
    }
    case 'fill': {
      const converted: Record<string, string> = {};
      const failed: Array<{ graph: string; error: string }> = [];
      for (const entry of request.graphs) {
        const name = oxigraph.namedNode(entry.graph);
        if ('ntriples' in entry) {
          try {
            if (entry.currentOf) loadCurrent(entry.currentOf, entry.graph, entry.ntriples);
            else
              replace(entry.graph, () =>
                store.load(entry.ntriples, {
                  format: 'application/n-triples',
                  to_graph_name: name,
                }),
              );
          } catch (error) {
            if (engineFailed(error)) throw error;
            failed.push({ graph: entry.graph, error: String(error) });
          }
          continue;
        }
        let quads: Quad[];
        try {
          quads = await documentGraph(JSON.parse(entry.document), name);
        } catch (error) {
          if (engineFailed(error)) throw error;
          failed.push({ graph: entry.graph, error: String(error) });
          continue;
        }
        replace(entry.graph, () => {
          for (const quad of quads) store.add(quad);
        });
        converted[entry.graph] = asNTriples(quads, name);
      }
      return { ok: true, converted, failed };
    }
    case 'drop': {
      const owner = ownerOf(request.graph);
      if (owner) setCurrent(owner, null);
      drop(request.graph);
      return { ok: true };
    }
    case 'current':
      setCurrent(request.profileId, request.graph);
      return { ok: true };
    case 'query': {
      let result: string;
      try {
        result =
          request.format === BINDINGS
            ? JSON.stringify(asBindings(store.query(request.query)))
            : (store.query(request.query, { results_format: request.format }) as string);
      } catch (error) {
        return failure('invalid', error);
      }
      if (Buffer.byteLength(result) > request.maxBytes)
        return { ok: false, reason: 'too-large', error: `${Buffer.byteLength(result)} bytes` };
      return { ok: true, result };
    }
  }
}

// A query or a conversion never takes a core from the thread serving requests.
lowerThisThreadPriority();

// Requests are answered one after the other, in the order they came.
let chain: Promise<void> = Promise.resolve();
parentPort?.on('message', (request: WorkerRequest) => {
  chain = chain.then(async () => {
    let reply: WorkerReply;
    try {
      reply = await handle(request);
    } catch (error) {
      reply = failure('failed', error);
    }
    parentPort?.postMessage(reply);
  });
});
