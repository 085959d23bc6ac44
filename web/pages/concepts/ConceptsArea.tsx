import { useMemo } from 'react';
import { Route, Routes } from 'react-router';
import type { ProfileView } from '../../../common/profiles';
import { AuthorsOnly, itemListScope } from '../../components/items/ItemsListPage';
import { NotFoundPage } from '../../components/NotFoundPage';
import { AddConceptsPage } from './AddConceptsPage';
import { ConceptDetailPage } from './ConceptDetailPage';
import { ConceptsListPage } from './ConceptsListPage';
import { ConceptTypeChooser } from './form/ConceptTypeChooser';
import { CreateConceptPage } from './form/CreateConceptPage';
import { EditConceptPage } from './form/EditConceptPage';
import type { VersionPaths } from '../../components/items/ItemsListPage';
import { ConceptScopeContext, type ConceptScope } from './scope';

/**
 * The Concepts tab of a version page and everything under it: the list, creating (by type),
 * adding existing concepts, a concept's page and its edit form. Its screens read the profile,
 * version and paths from `useConceptScope()`.
 */
export function ConceptsArea({ view, paths }: { view: ProfileView; paths: VersionPaths }) {
  const { profile, version } = view;
  const scope = useMemo<ConceptScope>(() => {
    const base = itemListScope({ profile, version }, paths, 'concepts');
    return { ...base, conceptPath: base.itemPath };
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
            <AuthorsOnly scope={scope}>
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
