import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../test/jobs';
import { canonical, convertToNTriples } from '../../test/rdf';
import { uniqueProfile } from '../../test/public-api';
import { GraphConverter } from './converter';

describe('GraphConverter', () => {
  let converter: GraphConverter | null = null;
  afterEach(async () => {
    await converter?.close();
    converter = null;
  });

  it('gives the graph this thread would convert, in a thread that stops once idle', async () => {
    converter = new GraphConverter(200);
    expect(converter.running).toBe(false);
    const { base, doc } = uniqueProfile();
    const iri = `${base}/v1`;
    const [first, second] = await Promise.all([
      converter.toNTriples(JSON.stringify(doc), iri),
      converter.toNTriples(JSON.stringify(doc), `${iri}-again`),
    ]);
    expect(converter.running).toBe(true);
    const expected = await canonical(await convertToNTriples(doc, iri));
    expect(await canonical(first)).toBe(expected);
    // One at a time, in the order asked: the second waited for the first and got its own graph.
    expect(await canonical(second)).toBe(expected);
    // No document for a while: the thread, and the engine it loaded, go.
    await eventually('the idle thread to stop', async () => !converter!.running);
    // The next document starts a thread again.
    expect(await canonical(await converter.toNTriples(JSON.stringify(doc), iri))).toBe(expected);
  });

  it('refuses a document that is not JSON-LD, and converts the next one', async () => {
    converter = new GraphConverter();
    const { base, doc } = uniqueProfile();
    await expect(
      converter.toNTriples(
        JSON.stringify({ '@context': 'not a context, a word' }),
        'https://example.org/x',
      ),
    ).rejects.toThrow(/cannot be converted/);
    expect(await converter.toNTriples(JSON.stringify(doc), `${base}/v1`)).toContain(`<${base}>`);
  });

  it('refuses documents once closed', async () => {
    converter = new GraphConverter();
    await converter.close();
    await expect(converter.toNTriples('{}', 'https://example.org/x')).rejects.toThrow(/stopping/);
  });
});
