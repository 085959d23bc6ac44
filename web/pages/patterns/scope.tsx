import { createContext, useContext } from 'react';
import type { ComponentType } from '../../../common/patterns';
import type { Profile, ProfileVersion } from '../../../common/profiles';
import type { VersionPaths } from '../concepts/scope';

/**
 * What every screen of a version's Patterns tab works in: the profile and version on screen, the
 * version page's paths, and whether the viewer may author patterns here.
 */
export interface PatternScope {
  profile: Profile;
  version: ProfileVersion;
  paths: VersionPaths;
  /** A member of the owning group on the current version: may create, add and edit. */
  canAuthor: boolean;
  /** The pattern list of this version, or of the one given (a new draft after a change). */
  listPath: (versionId?: string) => string;
  /** A pattern's page (`rest` e.g. 'edit'), in this version or the one given. */
  patternPath: (patternId: string, rest?: string, versionId?: string) => string;
  /** A component's page in this version: `{base}/templates/{id}` or `{base}/patterns/{id}`. */
  componentPath: (componentType: ComponentType, componentId: string) => string;
}

export const PatternScopeContext = createContext<PatternScope | null>(null);

/** The scope of the Patterns tab; only its screens may ask. */
export function usePatternScope(): PatternScope {
  const scope = useContext(PatternScopeContext);
  if (!scope) throw new Error('usePatternScope is used outside the Patterns tab.');
  return scope;
}

const enc = encodeURIComponent;

/** The scope of a version's Patterns tab, from the version page's profile, version and paths. */
export function patternScope(
  profile: Profile,
  version: ProfileVersion,
  paths: VersionPaths,
  canAuthor: boolean,
): PatternScope {
  const listPath = (versionId = version.uuid) => paths(versionId, 'patterns');
  return {
    profile,
    version,
    paths,
    canAuthor,
    listPath,
    patternPath: (patternId, rest = '', versionId = version.uuid) =>
      `${listPath(versionId)}/${enc(patternId)}${rest === '' ? '' : `/${rest}`}`,
    componentPath: (componentType, componentId) =>
      paths(version.uuid, `${componentType}s/${enc(componentId)}`),
  };
}
