import jsonld from 'jsonld';
import oxigraph, { type Quad, type Term } from 'oxigraph';
import { parentPort } from 'node:worker_threads';
import { offlineDocumentLoader } from '../../../xapi/index';
import { withInferences } from './inference';
import { BINDINGS, type Binding, type WorkerReply, type WorkerRequest } from './protocol';

const XSD = 'http://www.w3.org/2001/XMLSchema#';
const XSD_STRING = `${XSD}string`;
const XSD_BOOLEAN = `${XSD}boolean`;

/**
 * The SPARQL store of one node, in its own thread so that no query holds up the server's
 * requests. Every published version is a named graph; the default graph is the union of the
 * current versions' graphs, kept as a copy so that queries naming their own dataset (FROM,
 * FROM NAMED) are answered as SPARQL says.
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

async function load(graph: string, document: string): Promise<string> {
  const nquads = (await jsonld.toRDF(JSON.parse(document) as jsonld.JsonLdDocument, {
    format: 'application/n-quads',
    documentLoader: offlineDocumentLoader as never,
  })) as unknown as string;
  const name = oxigraph.namedNode(graph);
  const parsed = oxigraph.parse(nquads, { format: 'application/n-quads', to_graph_name: name });
  const all = withInferences(
    parsed.filter((q) => q.graph.termType === 'DefaultGraph' || q.graph.equals(name)),
    name,
  );
  drop(graph);
  for (const quad of all) store.add(quad);
  return store.dump({ format: 'application/n-triples', from_graph_name: name });
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

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  switch (request.type) {
    case 'load':
      return { ok: true, ntriples: await load(request.graph, request.document) };
    case 'restore': {
      const name = oxigraph.namedNode(request.graph);
      drop(request.graph);
      store.load(request.ntriples, { format: 'application/n-triples', to_graph_name: name });
      return { ok: true };
    }
    case 'drop':
      if (currentGraphs.has(request.graph)) {
        const owner = [...currentOf].find(([, g]) => g === request.graph)?.[0];
        if (owner) setCurrent(owner, null);
      }
      drop(request.graph);
      return { ok: true };
    case 'current':
      setCurrent(request.profileId, request.graph);
      return { ok: true, quads: store.size };
    case 'query': {
      let result: string;
      try {
        result =
          request.format === BINDINGS
            ? JSON.stringify(asBindings(store.query(request.query)))
            : (store.query(request.query, { results_format: request.format }) as string);
      } catch (error) {
        return { ok: false, reason: 'invalid', error: (error as Error).message };
      }
      if (Buffer.byteLength(result) > request.maxBytes)
        return { ok: false, reason: 'too-large', error: `${Buffer.byteLength(result)} bytes` };
      return { ok: true, result };
    }
  }
}

// Requests are answered one after the other, in the order they came.
let chain: Promise<void> = Promise.resolve();
parentPort?.on('message', (request: WorkerRequest) => {
  chain = chain.then(async () => {
    let reply: WorkerReply;
    try {
      reply = await handle(request);
    } catch (error) {
      reply = { ok: false, reason: 'failed', error: (error as Error).message };
    }
    parentPort?.postMessage(reply);
  });
});
