import { createContext, useContext } from 'react';
import type { ItemTabScope } from '../../components/items/ItemsListPage';

/**
 * What every screen of a version's Concepts tab works in: the profile and version on screen, the
 * version page's paths, and whether the viewer may author concepts here.
 */
export interface ConceptScope extends ItemTabScope {
  /** A concept's page (`rest` e.g. 'edit'), in this version or the one given. */
  conceptPath: (conceptId: string, rest?: string, versionId?: string) => string;
}

export const ConceptScopeContext = createContext<ConceptScope | null>(null);

/** The scope of the Concepts tab; only its screens may ask. */
export function useConceptScope(): ConceptScope {
  const scope = useContext(ConceptScopeContext);
  if (!scope) throw new Error('useConceptScope is used outside the Concepts tab.');
  return scope;
}
