import jsonld from 'jsonld';
import type { Finding } from '../findings.js';
import { isObject } from '../json.js';
import type { DocumentLoader } from './loader.js';
import { UnavailableContextError, offlineDocumentLoader } from './loader.js';

export interface RdfResult {
  /** Canonical N-Quads (RDFC-1.0), absent when the document cannot be converted. */
  nquads?: string;
  findings: Finding[];
}

interface JsonLdEvent {
  code?: string;
  details?: { property?: string };
}

/**
 * Converts a profile to canonical N-Quads with the bundled contexts, offline. Unlike validate()
 * this is asynchronous and does real JSON-LD processing; problems it meets (unavailable contexts,
 * properties dropped during expansion, documents jsonld.js cannot convert) become findings.
 */
export async function toCanonicalRdf(
  document: unknown,
  documentLoader: DocumentLoader = offlineDocumentLoader,
): Promise<RdfResult> {
  const events: JsonLdEvent[] = [];
  const findings: Finding[] = [];
  try {
    const nquads = await jsonld.canonize(
      document as jsonld.JsonLdDocument,
      {
        format: 'application/n-quads',
        documentLoader: documentLoader as never,
        safe: false,
        eventHandler: ({ event, next }: { event: JsonLdEvent; next: () => void }) => {
          events.push(event);
          next();
        },
      } as jsonld.Options.Normalize,
    );
    reportDroppedProperties(document, events, findings);
    return { nquads, findings };
  } catch (e) {
    const unavailable = findCause(e);
    findings.push(
      unavailable
        ? {
            ruleId: 'A3',
            severity: 'error',
            path: '',
            message: `${unavailable.message} Supply that context to the loader, or remove it so every property expands with the bundled contexts.`,
          }
        : {
            ruleId: 'A3',
            severity: 'error',
            path: '',
            message: `The document cannot be converted to RDF (${e instanceof Error ? e.message : String(e)}); usually an IRI property holds a relative or empty value.`,
          },
    );
    return { findings };
  }
}

function findCause(error: unknown): UnavailableContextError | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 10; depth++) {
    if (e instanceof UnavailableContextError) return e;
    const details = (e as { details?: { cause?: unknown } }).details;
    e = details?.cause ?? (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Rule scope notes written as language maps lose their language keys on expansion because the
 * published context has no language container for `scopeNote`; that loss is a known property of
 * the specification (docs/xapi-validation-decisions.md), not the author's mistake, so it is not
 * reported.
 */
function reportDroppedProperties(document: unknown, events: JsonLdEvent[], findings: Finding[]) {
  const scopeNoteLanguages = new Set<string>();
  if (isObject(document) && Array.isArray(document.templates)) {
    for (const t of document.templates) {
      if (!isObject(t) || !Array.isArray(t.rules)) continue;
      for (const r of t.rules) {
        if (isObject(r) && isObject(r.scopeNote)) {
          for (const tag of Object.keys(r.scopeNote)) scopeNoteLanguages.add(tag);
        }
      }
    }
  }
  const dropped = new Set<string>();
  for (const event of events) {
    const property = event.details?.property;
    if (event.code !== 'invalid property' || property === undefined) continue;
    if (scopeNoteLanguages.has(property) || dropped.has(property)) continue;
    dropped.add(property);
    findings.push({
      ruleId: 'A3',
      severity: 'error',
      path: '',
      message: `"${property}" does not expand to an absolute IRI and is dropped from the RDF; use a property the contexts define, or a compact or absolute IRI.`,
    });
  }
}
