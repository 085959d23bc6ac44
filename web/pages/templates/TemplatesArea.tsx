import { useMemo } from 'react';
import { Route, Routes } from 'react-router';
import type { ProfileView } from '../../../common/profiles';
import {
  AuthorsOnly,
  itemListScope,
  type VersionPaths,
} from '../../components/items/ItemsListPage';
import { NotFoundPage } from '../../components/NotFoundPage';
import { groupPath } from '../../lib/paths';
import { AddTemplatesPage } from './AddTemplatesPage';
import { CreateTemplatePage } from './details/CreateTemplatePage';
import { EditTemplatePage } from './details/EditTemplatePage';
import {
  CreateDeterminingPropertyPage,
  EditDeterminingPropertyPage,
} from './determining/DeterminingPropertyPages';
import { ExamplePage } from './ExamplePage';
import { TemplateRefsPage } from './refs/TemplateRefsPage';
import { RuleEditorPage } from './rules/RuleEditorPage';
import { RuleViewPage } from './rules/RuleViewPage';
import { TemplateScopeContext, type TemplateScope } from './scope';
import { TemplateConceptPage } from './TemplateConceptPage';
import { TemplateDetailPage } from './TemplateDetailPage';
import { UnknownTemplatePage } from './TemplateScreen';
import { TemplatesListPage } from './TemplatesListPage';

/**
 * The Statement Templates tab of a version page and everything under it: the list, adding
 * existing templates, creating one, a template's page and the screens that edit its parts. Its
 * screens read the profile, version and paths from `useTemplateScope()`.
 */
export function TemplatesArea({ view, paths }: { view: ProfileView; paths: VersionPaths }) {
  const { profile, version } = view;
  const scope = useMemo<TemplateScope>(() => {
    const base = itemListScope({ profile, version }, paths, 'templates');
    // The group's pages live under the working group's address; the public page does not.
    const onGroupPage = paths(version.uuid).startsWith(groupPath(profile.organization.uuid));
    return { ...base, onGroupPage, templatePath: base.itemPath };
  }, [profile, version, paths]);

  return (
    <TemplateScopeContext.Provider value={scope}>
      <Routes>
        <Route index element={<TemplatesListPage />} />
        <Route
          path="add"
          element={
            <AuthorsOnly scope={scope}>
              <AddTemplatesPage />
            </AuthorsOnly>
          }
        />
        <Route
          path="create"
          element={
            <AuthorsOnly scope={scope}>
              <CreateTemplatePage />
            </AuthorsOnly>
          }
        />
        <Route path=":templateId" element={<TemplateDetailPage />} />
        <Route path=":templateId/edit" element={<EditTemplatePage />} />
        <Route path=":templateId/example" element={<ExamplePage />} />
        <Route
          path=":templateId/determining-properties/create"
          element={<CreateDeterminingPropertyPage />}
        />
        <Route
          path=":templateId/determining-properties/:property/edit"
          element={<EditDeterminingPropertyPage />}
        />
        <Route
          path=":templateId/determining-properties/:conceptId"
          element={<TemplateConceptPage />}
        />
        <Route path=":templateId/concepts/:conceptId" element={<TemplateConceptPage />} />
        <Route path=":templateId/rule/create" element={<RuleEditorPage mode="create" />} />
        <Route path=":templateId/rule/edit" element={<RuleEditorPage mode="edit" />} />
        <Route path=":templateId/rule/view" element={<RuleViewPage />} />
        <Route
          path=":templateId/related-statement-templates/:refType/:mode"
          element={<TemplateRefsPage />}
        />
        <Route path=":templateId/*" element={<UnknownTemplatePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </TemplateScopeContext.Provider>
  );
}
