import type { JsonLdDocument } from 'jsonld';
import { offlineDocumentLoader } from '../../../xapi/index';

const prefixes = {
  prof: 'https://w3id.org/xapi/profiles/ontology#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  prov: 'http://www.w3.org/ns/prov#',
  dcterms: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  schema: 'http://schema.org/',
  xapi: 'https://w3id.org/xapi/ontology#',
};

/** A profile document as Turtle: JSON-LD to RDF with the bundled contexts, offline. */
export async function toTurtle(document: unknown): Promise<string> {
  // Loaded on the first Turtle asked for, not at start-up: oxigraph compiles and instantiates its
  // WebAssembly when imported, memory an idle server would hold for nothing
  // (docs/decisions/idle-memory-of-the-server-and-the-cost-of-a-kept-read.md).
  const [{ default: jsonld }, { default: oxigraph }] = await Promise.all([
    import('jsonld'),
    import('oxigraph'),
  ]);
  const nquads = (await jsonld.toRDF(document as JsonLdDocument, {
    format: 'application/n-quads',
    documentLoader: offlineDocumentLoader as never,
  })) as unknown as string;
  // Quad by quad rather than `load`: loading gives each blank node a random label, so the same
  // document was written as different bytes on every conversion under one ETag. Parsed quads keep
  // JSON-LD's labels (`_:b0`, in document order), and the store's order follows from them.
  const store = new oxigraph.Store();
  for (const quad of oxigraph.parse(nquads, { format: 'application/n-quads' })) store.add(quad);
  const body = store.dump({ format: 'text/turtle', from_graph_name: oxigraph.defaultGraph() });
  return withPrefixes(body);
}

/** Documents (by ETag, which names their bytes) that could not be written as Turtle, and why. */
const unwritable = new Map<string, string>();
const UNWRITABLE_MAX = 1000;

export type TurtleResult = { turtle: string } | { failure: string; first: boolean };

/**
 * A stored document's Turtle (`produce`, e.g. toTurtle of it, or a cached copy) for a document that may predate today's checks (an IRI RDF refuses, say).
 * A failure is remembered per document, so the conversion is not retried on every request and
 * the caller can log it once: `first` is true only the first time it is seen.
 */
export async function turtleOf(
  etag: string,
  produce: () => Promise<string>,
): Promise<TurtleResult> {
  const known = unwritable.get(etag);
  if (known !== undefined) return { failure: known, first: false };
  try {
    return { turtle: await produce() };
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error);
    if (unwritable.size >= UNWRITABLE_MAX) unwritable.clear();
    unwritable.set(etag, failure);
    return { failure, first: true };
  }
}

const LOCAL_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

function shorten(iri: string): string | null {
  for (const [prefix, namespace] of Object.entries(prefixes)) {
    if (!iri.startsWith(namespace)) continue;
    const local = iri.slice(namespace.length);
    if (LOCAL_NAME.test(local)) return `${prefix}:${local}`;
  }
  return null;
}

/**
 * Writes well-known namespaces as prefixed names so people can read the Turtle. Only IRI tokens
 * are touched: the scan copies string literals as they are.
 */
function withPrefixes(turtle: string): string {
  let out = '';
  let i = 0;
  while (i < turtle.length) {
    const ch = turtle[i] as string;
    if (ch === '"') {
      let j = i + 1;
      while (j < turtle.length && turtle[j] !== '"') j += turtle[j] === '\\' ? 2 : 1;
      out += turtle.slice(i, j + 1);
      i = j + 1;
    } else if (ch === '<') {
      const end = turtle.indexOf('>', i);
      const iri = turtle.slice(i + 1, end);
      out += shorten(iri) ?? `<${iri}>`;
      i = end + 1;
    } else {
      out += ch;
      i += 1;
    }
  }
  const header = Object.entries(prefixes)
    .map(([prefix, namespace]) => `@prefix ${prefix}: <${namespace}> .`)
    .join('\n');
  return `${header}\n\n${out}`;
}
