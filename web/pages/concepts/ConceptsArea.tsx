import { useMemo, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { ProfileView } from '../../../common/profiles';
import { NotFoundPage } from '../common/NotFoundPage';
import { isCurrentVersion, isMemberOf } from '../profile/format';
import { AddConceptsPage } from './AddConceptsPage';
import { ConceptDetailPage } from './ConceptDetailPage';
import { ConceptsListPage } from './ConceptsListPage';
import { ConceptTypeChooser } from './form/ConceptTypeChooser';
import { CreateConceptPage } from './form/CreateConceptPage';
import { EditConceptPage } from './form/EditConceptPage';
import {
  ConceptScopeContext,
  useConceptScope,
  type ConceptScope,
  type VersionPaths,
} from './scope';

/** Screens for authors only (members on the current version); anyone else gets the list. */
function AuthorsOnly({ children }: { children: ReactNode }) {
  const scope = useConceptScope();
  if (!scope.canAuthor) return <Navigate to={scope.listPath()} replace />;
  return children;
}

/**
 * The Concepts tab of a version page and everything under it: the list, creating (by type),
 * adding existing concepts, a concept's page and its edit form. Its screens read the profile,
 * version and paths from `useConceptScope()`.
 */
export function ConceptsArea({ view, paths }: { view: ProfileView; paths: VersionPaths }) {
  const { profile, version } = view;
  const scope = useMemo<ConceptScope>(() => {
    const listPath = (versionId = version.uuid) => paths(versionId, 'concepts');
    return {
      profile,
      version,
      paths,
      canAuthor: isMemberOf(profile) && isCurrentVersion(profile, version),
      listPath,
      conceptPath: (conceptId, rest = '', versionId = version.uuid) =>
        `${listPath(versionId)}/${encodeURIComponent(conceptId)}${rest === '' ? '' : `/${rest}`}`,
    };
  }, [profile, version, paths]);

  return (
    <ConceptScopeContext.Provider value={scope}>
      <Routes>
        <Route index element={<ConceptsListPage />} />
        <Route path="create" element={<ConceptTypeChooser />} />
        <Route path="create/:type" element={<CreateConceptPage />} />
        <Route
          path="add"
          element={
            <AuthorsOnly>
              <AddConceptsPage />
            </AuthorsOnly>
          }
        />
        <Route path=":conceptId" element={<ConceptDetailPage />} />
        <Route path=":conceptId/edit/*" element={<EditConceptPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </ConceptScopeContext.Provider>
  );
}
