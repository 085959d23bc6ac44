import jsonld from 'jsonld';
import oxigraph, { type BlankNode, type NamedNode, type Quad, type Term } from 'oxigraph';
import { offlineDocumentLoader } from '../../../xapi/contexts/loader';
import { withInferences } from './inference';

/**
 * A published document as the statements of its named graph `graph`: JSON-LD to RDF with the
 * bundled contexts, its blank nodes made its own, and the inferences of `inference.ts` added.
 *
 * jsonld.js labels blank nodes `_:b0`, `_:b1`… afresh for every document, and oxigraph keeps the
 * labels it is given: two documents' `_:b0` (each profile's author, say) would be one node, and
 * the default graph, where the current versions meet, would join what the documents keep apart.
 * The RDF merge the default graph must be (RDF 1.1 Semantics) gives each document's blank
 * nodes new identities, and so does this.
 */
export async function documentGraph(document: unknown, graph: NamedNode): Promise<Quad[]> {
  const nquads = (await jsonld.toRDF(document as jsonld.JsonLdDocument, {
    format: 'application/n-quads',
    documentLoader: offlineDocumentLoader as never,
  })) as unknown as string;
  const parsed = oxigraph.parse(nquads, { format: 'application/n-quads', to_graph_name: graph });
  const fresh = new Map<string, BlankNode>();
  const own = <T extends Term>(term: T): T => {
    if (term.termType !== 'BlankNode') return term;
    let node = fresh.get(term.value);
    if (!node) {
      node = oxigraph.blankNode();
      fresh.set(term.value, node);
    }
    return node as T;
  };
  const quads = parsed
    .filter((q) => q.graph.equals(graph))
    .map((q) => oxigraph.quad(own(q.subject), q.predicate, own(q.object), graph));
  return withInferences(quads, graph);
}

/** Statements of one graph as N-Triples, the form the server thread keeps and workers restore. */
export function asNTriples(quads: Quad[], graph: NamedNode): string {
  return new oxigraph.Store(quads).dump({
    format: 'application/n-triples',
    from_graph_name: graph,
  });
}
