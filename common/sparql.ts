/** One value of a SPARQL answer, as in SPARQL 1.1 Query Results JSON. */
export interface SparqlValue {
  type: 'uri' | 'bnode' | 'literal';
  value: string;
  datatype?: string;
  'xml:lang'?: string;
}

/** The answer of `POST /api/sparql` with a text/plain query: one binding per solution. */
export interface SparqlAnswer {
  success: true;
  results: Array<Record<string, SparqlValue>>;
}

/** The variables of an answer, in the order they first appear. */
export function sparqlColumns(results: SparqlAnswer['results']): string[] {
  const columns: string[] = [];
  for (const row of results)
    for (const name of Object.keys(row)) if (!columns.includes(name)) columns.push(name);
  return columns;
}

const csvCell = (text: string) =>
  /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;

/** An answer as CSV (RFC 4180): a header of variable names, then each solution's values. */
export function sparqlCsv(results: SparqlAnswer['results']): string {
  const columns = sparqlColumns(results);
  const lines = [columns.map(csvCell).join(',')];
  for (const row of results) lines.push(columns.map((c) => csvCell(row[c]?.value ?? '')).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
