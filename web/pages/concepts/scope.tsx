import { createContext, useContext } from 'react';
import type { Profile, ProfileVersion } from '../../../common/profiles';

/** Where each version and tab of the version page lives (the group's or the public page). */
export type VersionPaths = (versionId: string, sub?: string) => string;

/**
 * What every screen of a version's Concepts tab works in: the profile and version on screen, the
 * version page's paths, and whether the viewer may author concepts here.
 */
export interface ConceptScope {
  profile: Profile;
  version: ProfileVersion;
  paths: VersionPaths;
  /** A member of the owning group on the current version: may create, add and edit. */
  canAuthor: boolean;
  /** The concept list of this version, or of the one given (a new draft after a change). */
  listPath: (versionId?: string) => string;
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
