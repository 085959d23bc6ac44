import { useMemo, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { ProfileView } from '../../../common/profiles';
import { NotFoundPage } from '../common/NotFoundPage';
import type { VersionPaths } from '../concepts/scope';
import { isCurrentVersion, isMemberOf } from '../profile/format';
import { AddPatternsPage } from './AddPatternsPage';
import { CreatePatternPage } from './form/CreatePatternPage';
import { EditPatternPage } from './form/EditPatternPage';
import { PatternTypeChooser } from './form/PatternTypeChooser';
import { PatternDetailPage } from './PatternDetailPage';
import { PatternsListPage } from './PatternsListPage';
import { patternScope, PatternScopeContext, usePatternScope } from './scope';

/** Screens for authors only (members on the current version); anyone else gets the list. */
function AuthorsOnly({ children }: { children: ReactNode }) {
  const scope = usePatternScope();
  if (!scope.canAuthor) return <Navigate to={scope.listPath()} replace />;
  return children;
}

/**
 * The Patterns tab of a version page and everything under it: the list, creating (by type, in
 * steps), adding existing patterns, a pattern's page and its edit form. Its screens read the
 * profile, version and paths from `usePatternScope()`.
 */
export function PatternsArea({ view, paths }: { view: ProfileView; paths: VersionPaths }) {
  const { profile, version } = view;
  const scope = useMemo(
    () =>
      patternScope(
        profile,
        version,
        paths,
        isMemberOf(profile) && isCurrentVersion(profile, version),
      ),
    [profile, version, paths],
  );

  return (
    <PatternScopeContext.Provider value={scope}>
      <Routes>
        <Route index element={<PatternsListPage />} />
        <Route path="create" element={<PatternTypeChooser />} />
        <Route path="create/:type" element={<CreatePatternPage />} />
        <Route
          path="add/*"
          element={
            <AuthorsOnly>
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
