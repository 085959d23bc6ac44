import { useMemo } from 'react';
import { Route, Routes } from 'react-router';
import type { ProfileView } from '../../../common/profiles';
import {
  AuthorsOnly,
  itemListScope,
  type VersionPaths,
} from '../../components/items/ItemsListPage';
import { NotFoundPage } from '../../components/NotFoundPage';
import { AddPatternsPage } from './AddPatternsPage';
import { CreatePatternPage } from './form/CreatePatternPage';
import { EditPatternPage } from './form/EditPatternPage';
import { PatternTypeChooser } from './form/PatternTypeChooser';
import { PatternDetailPage } from './PatternDetailPage';
import { PatternsListPage } from './PatternsListPage';
import { PatternScopeContext, type PatternScope } from './scope';

/**
 * The Patterns tab of a version page and everything under it: the list, creating (by type, in
 * steps), adding existing patterns, a pattern's page and its edit form. Its screens read the
 * profile, version and paths from `usePatternScope()`.
 */
export function PatternsArea({ view, paths }: { view: ProfileView; paths: VersionPaths }) {
  const { profile, version } = view;
  const scope = useMemo<PatternScope>(() => {
    const base = itemListScope({ profile, version }, paths, 'patterns');
    return {
      ...base,
      patternPath: base.itemPath,
      componentPath: (componentType, componentId) =>
        paths(version.uuid, `${componentType}s/${encodeURIComponent(componentId)}`),
    };
  }, [profile, version, paths]);

  return (
    <PatternScopeContext.Provider value={scope}>
      <Routes>
        <Route index element={<PatternsListPage />} />
        <Route path="create" element={<PatternTypeChooser />} />
        <Route path="create/:type" element={<CreatePatternPage />} />
        <Route
          path="add/*"
          element={
            <AuthorsOnly scope={scope}>
              <AddPatternsPage />
            </AuthorsOnly>
          }
        />
        <Route path=":patternId" element={<PatternDetailPage />} />
        <Route path=":patternId/edit" element={<EditPatternPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </PatternScopeContext.Provider>
  );
}
