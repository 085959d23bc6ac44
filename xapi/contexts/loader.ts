import { ACTIVITY_CONTEXT_IRI, activityContext } from './activity-context.js';
import { PROFILE_CONTEXT_IRI, profileContext } from './profile-context.js';

/** The shape jsonld.js expects from a `documentLoader`. */
export interface RemoteDocument {
  contextUrl: string | null;
  documentUrl: string;
  document: unknown;
}

export type DocumentLoader = (url: string) => Promise<RemoteDocument>;

/** Raised for any IRI the offline loader does not hold, so callers can report it as a finding. */
export class UnavailableContextError extends Error {
  readonly url: string;
  constructor(url: string) {
    super(
      `The JSON-LD context ${url} is not available offline; only the two xAPI Profiles contexts are bundled.`,
    );
    this.name = 'UnavailableContextError';
    this.url = url;
  }
}

export const bundledContexts: Readonly<Record<string, unknown>> = {
  [PROFILE_CONTEXT_IRI]: profileContext,
  [ACTIVITY_CONTEXT_IRI]: activityContext,
};

/**
 * An offline document loader for jsonld.js: serves the bundled contexts (plus any documents the
 * caller supplies) from memory and never touches the network.
 */
export function createDocumentLoader(extra: Record<string, unknown> = {}): DocumentLoader {
  const documents: Record<string, unknown> = { ...extra, ...bundledContexts };
  return (url: string) => {
    if (Object.prototype.hasOwnProperty.call(documents, url)) {
      // A fresh copy each time: jsonld.js must not be able to mutate the shared context.
      const document = structuredClone(documents[url]);
      return Promise.resolve({ contextUrl: null, documentUrl: url, document });
    }
    return Promise.reject(new UnavailableContextError(url));
  };
}

export const offlineDocumentLoader: DocumentLoader = createDocumentLoader();
