import { useMemo } from 'react';
import type { ProfileVersion, Profile } from '../../../common/profiles';
import { parse } from '../../../xapi/index';
import type { PatternIndex } from '../../../xapi/docs/pattern-tree';
import { indexProfile } from '../../../xapi/docs/pattern-tree';
import { useVersionDocument } from '../../api/profiles';
import { useVersionPatterns } from '../../api/patterns';
import { useVersionTemplates } from '../../api/templates';
import { iriLookupPath } from '../../lib/paths';
import type { VersionPaths } from '../items/ItemsListPage';

/** Where a box of a diagram links: a page of this site, or nowhere. */
export type LinkTo = (id: string) => string | undefined;

/** The templates and patterns of a version's document, by IRI, for drawing its patterns. */
export function patternIndexOf(document: unknown): PatternIndex | undefined {
  const { model } = parse(document);
  return model ? indexProfile(model) : undefined;
}

/** The version's document read for diagrams; undefined until it arrives (or if unreadable). */
export function useVersionPatternIndex(profileId: string, versionId: string) {
  const document = useVersionDocument(profileId, versionId);
  const index = useMemo(
    () => (document.data === undefined ? undefined : patternIndexOf(document.data)),
    [document.data],
  );
  return { index, document };
}

/**
 * Where each box of a diagram links: the template's or pattern's page in this version when the
 * version lists it, else the page its IRI resolves to.
 */
export function useDiagramLinks(profile: Profile, version: ProfileVersion, paths: VersionPaths) {
  const params = { page: 1, limit: 100, sort: 'name' as const };
  const templates = useVersionTemplates(profile.uuid, version.uuid, params);
  const patterns = useVersionPatterns(profile.uuid, version.uuid, params);
  return useMemo(() => {
    const pages = new Map<string, string>();
    for (const row of templates.data?.templates ?? [])
      pages.set(row.iri, paths(version.uuid, `templates/${encodeURIComponent(row.uuid)}`));
    for (const row of patterns.data?.patterns ?? [])
      pages.set(row.iri, paths(version.uuid, `patterns/${encodeURIComponent(row.uuid)}`));
    return (id: string) => pages.get(id) ?? iriLookupPath(id);
  }, [templates.data, patterns.data, paths, version.uuid]);
}
