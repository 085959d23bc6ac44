import { createContext, useContext } from 'react';
import type { ComponentType } from '../../../common/patterns';
import type { ItemTabScope } from '../../components/items/ItemsListPage';

/**
 * What every screen of a version's Patterns tab works in: the profile and version on screen, the
 * version page's paths, and whether the viewer may author patterns here.
 */
export interface PatternScope extends ItemTabScope {
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
