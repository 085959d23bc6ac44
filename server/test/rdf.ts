import jsonld from 'jsonld';
import oxigraph from 'oxigraph';
import { asNTriples, documentGraph } from '../modules/sparql/rdf';

/** The same graph whatever its blank nodes are called: URDNA2015's canonical N-Quads. */
export const canonical = (ntriples: string) =>
  jsonld.canonize(
    ntriples as never,
    {
      algorithm: 'URDNA2015',
      inputFormat: 'application/n-quads',
      format: 'application/n-quads',
    } as never,
  ) as unknown as Promise<string>;

/**
 * A published document's graph as N-Triples, converted on the calling thread as every SPARQL
 * worker converts it: what tests compare the converter's thread against, and what their job
 * runners convert with. Text is read as the document's JSON, as the job runner hands it over.
 */
export async function convertToNTriples(document: unknown, iri: string): Promise<string> {
  const name = oxigraph.namedNode(iri);
  const parsed: unknown = typeof document === 'string' ? JSON.parse(document) : document;
  return asNTriples(await documentGraph(parsed, name), name);
}
