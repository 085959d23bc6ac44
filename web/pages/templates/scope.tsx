import { createContext, useContext } from 'react';
import type { ItemTabScope } from '../../components/items/ItemsListPage';

/**
 * What every screen of a version's Statement Templates tab works in: the profile and version on
 * screen, the version page's paths, and what the viewer may do here.
 */
export interface TemplateScope extends ItemTabScope {
  /** The tab is shown inside the working group's pages (not the public profile page). */
  onGroupPage: boolean;
  /** A template's page (`rest` e.g. 'edit' or 'rule/view?rule=0'), in this version or the one given. */
  templatePath: (templateId: string, rest?: string, versionId?: string) => string;
}

export const TemplateScopeContext = createContext<TemplateScope | null>(null);

/** The scope of the Statement Templates tab; only its screens may ask. */
export function useTemplateScope(): TemplateScope {
  const scope = useContext(TemplateScopeContext);
  if (!scope) throw new Error('useTemplateScope is used outside the Statement Templates tab.');
  return scope;
}
