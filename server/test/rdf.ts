import jsonld from 'jsonld';

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
