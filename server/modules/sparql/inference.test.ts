import oxigraph from 'oxigraph';
import { describe, expect, it } from 'vitest';
import { withInferences } from './inference';
import { queryForm } from './query-form';

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const PROFILE = 'https://w3id.org/xapi/profiles/ontology#';
const graph = oxigraph.namedNode('https://example.org/p/v1');
const n = (iri: string) => oxigraph.namedNode(`https://example.org/${iri}`);
const statement = (s: string, p: string, o: string) =>
  oxigraph.quad(n(s), oxigraph.namedNode(p), n(o), graph);
const triples = (quads: ReturnType<typeof withInferences>) =>
  quads.map((q) => `${q.subject.value} ${q.predicate.value} ${q.object.value}`).sort();
const triple = (s: string, p: string, o: string) =>
  `https://example.org/${s} ${p} https://example.org/${o}`;

describe('inference', () => {
  it('adds the SKOS inverses and symmetric relations', () => {
    const out = triples(
      withInferences(
        [
          statement('a', `${SKOS}broader`, 'b'),
          statement('c', `${SKOS}related`, 'd'),
          statement('e', `${SKOS}exactMatch`, 'f'),
        ],
        graph,
      ),
    );
    expect(out).toContain(triple('b', `${SKOS}narrower`, 'a'));
    expect(out).toContain(triple('d', `${SKOS}related`, 'c'));
    expect(out).toContain(triple('f', `${SKOS}exactMatch`, 'e'));
    // An exact match is a close match, both ways.
    expect(out).toContain(triple('e', `${SKOS}closeMatch`, 'f'));
    expect(out).toContain(triple('f', `${SKOS}closeMatch`, 'e'));
  });

  it('makes broadMatch a broader, and its inverse a narrowMatch and a narrower', () => {
    const out = triples(withInferences([statement('a', `${SKOS}broadMatch`, 'b')], graph));
    expect(out).toEqual(
      [
        triple('a', `${SKOS}broadMatch`, 'b'),
        triple('a', `${SKOS}broader`, 'b'),
        triple('b', `${SKOS}narrowMatch`, 'a'),
        triple('b', `${SKOS}narrower`, 'a'),
      ].sort(),
    );
  });

  it('puts every concept, template and pattern a profile lists in its scheme', () => {
    const out = triples(
      withInferences(
        [
          statement('p', `${PROFILE}concepts`, 'verb'),
          statement('p', `${PROFILE}templates`, 'template'),
          statement('p', `${PROFILE}patterns`, 'pattern'),
        ],
        graph,
      ),
    );
    for (const item of ['verb', 'template', 'pattern'])
      expect(out).toContain(triple(item, `${SKOS}inScheme`, 'p'));
  });

  it('keeps literals out of the object-to-subject inverses', () => {
    const quad = oxigraph.quad(
      n('a'),
      oxigraph.namedNode(`${SKOS}related`),
      oxigraph.literal('text'),
      graph,
    );
    expect(withInferences([quad], graph)).toHaveLength(1);
  });
});

describe('queryForm', () => {
  it('reads past prefixes, base and comments', () => {
    expect(queryForm('PREFIX a: <urn:a#>\n# note\nBASE <urn:b>\n select * {}')).toBe('select');
    expect(queryForm('prefix x: <http://x/#> ASK {}')).toBe('ask');
    expect(queryForm('CONSTRUCT WHERE {}')).toBe('construct');
    expect(queryForm('DESCRIBE <urn:a>')).toBe('describe');
  });

  it('tells updates apart, and answers null for anything else', () => {
    for (const update of [
      'INSERT DATA {}',
      'PREFIX a: <urn:a> DELETE WHERE {}',
      'drop all',
      'WITH <g> DELETE {} WHERE {}',
    ])
      expect(queryForm(update)).toBe('update');
    expect(queryForm('')).toBeNull();
    expect(queryForm('hello')).toBeNull();
    expect(queryForm('PREFIX a: ')).toBeNull();
  });
});
