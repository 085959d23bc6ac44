import oxigraph, { type Quad, type Term } from 'oxigraph';

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const PROFILE = 'https://w3id.org/xapi/profiles/ontology#';

/** Pairs of predicates where `a p b` means `b q a` (a symmetric property is its own inverse). */
const inverses: Array<[string, string]> = [
  [`${SKOS}broader`, `${SKOS}narrower`],
  [`${SKOS}broadMatch`, `${SKOS}narrowMatch`],
  [`${SKOS}broaderTransitive`, `${SKOS}narrowerTransitive`],
  [`${SKOS}related`, `${SKOS}related`],
  [`${SKOS}relatedMatch`, `${SKOS}relatedMatch`],
  [`${SKOS}exactMatch`, `${SKOS}exactMatch`],
  [`${SKOS}closeMatch`, `${SKOS}closeMatch`],
  [`${SKOS}mappingRelation`, `${SKOS}mappingRelation`],
  [`${SKOS}semanticRelation`, `${SKOS}semanticRelation`],
  [`${SKOS}hasTopConcept`, `${SKOS}topConceptOf`],
];

/** `profile:concepts`, `templates` and `patterns` are sub-properties of the inverse of `skos:inScheme`. */
const membership = [`${PROFILE}concepts`, `${PROFILE}templates`, `${PROFILE}patterns`];

/** Sub-properties SKOS declares: each statement also holds with its super-property. */
const superProperties: Array<[string, string]> = [
  [`${SKOS}topConceptOf`, `${SKOS}inScheme`],
  [`${SKOS}broadMatch`, `${SKOS}broader`],
  [`${SKOS}narrowMatch`, `${SKOS}narrower`],
  [`${SKOS}relatedMatch`, `${SKOS}related`],
  [`${SKOS}exactMatch`, `${SKOS}closeMatch`],
];

/** The rules as data, for checks that apply them on their own (an independent oracle). */
export const INFERENCE_RULES = {
  inverses,
  superProperties,
  membership,
  inScheme: `${SKOS}inScheme`,
} as const;

const inverseOf = new Map<string, string>();
for (const [a, b] of inverses) {
  inverseOf.set(a, b);
  inverseOf.set(b, a);
}
const superOf = new Map(superProperties);

const isResource = (term: Term) => term.termType === 'NamedNode' || term.termType === 'BlankNode';

const key = (q: Quad) =>
  `${q.subject.termType}|${q.subject.value}|${q.predicate.value}|${q.object.termType}|${q.object.value}`;

/**
 * The statements a profile server infers from one graph (xAPI Profiles Part Three §1): the SKOS
 * inverse and symmetric relations, the SKOS sub-properties (a `broadMatch` is a `broader`, an
 * `exactMatch` a `closeMatch`…), and `skos:inScheme` for every concept, template and pattern a
 * profile lists. Repeated until nothing new follows, so `broadMatch` also yields `narrower`.
 * Returns the given quads and the inferred ones, each once, all in `graph`.
 */
export function withInferences(quads: Quad[], graph: Quad['graph']): Quad[] {
  const seen = new Map<string, Quad>();
  const queue: Quad[] = [];
  const add = (subject: Term, predicate: string, object: Term) => {
    const quad = oxigraph.quad(
      subject as Quad['subject'],
      oxigraph.namedNode(predicate),
      object as Quad['object'],
      graph,
    );
    const k = key(quad);
    if (seen.has(k)) return;
    seen.set(k, quad);
    queue.push(quad);
  };
  for (const q of quads) add(q.subject, q.predicate.value, q.object);
  while (queue.length > 0) {
    const q = queue.pop() as Quad;
    const p = q.predicate.value;
    const inverse = inverseOf.get(p);
    if (inverse && isResource(q.object)) add(q.object, inverse, q.subject);
    const parent = superOf.get(p);
    if (parent) add(q.subject, parent, q.object);
    if (membership.includes(p) && isResource(q.object)) add(q.object, `${SKOS}inScheme`, q.subject);
  }
  return [...seen.values()];
}
