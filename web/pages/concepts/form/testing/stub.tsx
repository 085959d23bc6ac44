import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Route, RouterProvider, Routes, useParams } from 'react-router';
import type { ConceptList, ConceptRow, ConceptType } from '../../../../../common/concepts';
import type { Profile, ProfileVersion } from '../../../../../common/profiles';
import { theme } from '../../../../lib/theme';
import { ConceptScopeContext, type ConceptScope } from '../../scope';
import { ConceptTypeChooser } from '../ConceptTypeChooser';
import { CreateConceptPage } from '../CreateConceptPage';
import { EditConceptPage } from '../EditConceptPage';
import { PROFILE_ID, PROFILE_IRI, V1 } from '../../../../test/stubs/profile';

export {
  ada,
  GROUP_ID,
  ok,
  PROFILE_ID,
  PROFILE_IRI,
  profile,
  publishedOnly,
  renderApp,
  signedIn,
  stubServer,
  V1,
  V2,
  version,
  versionApi,
  versionPath,
  view,
  type StubCall,
} from '../../../../test/stubs/profile';

export const OTHER_PROFILE_ID = '66666666-6666-4666-8666-666666666666';
export const CONCEPT_ID = '88888888-8888-4888-8888-888888888881';

/** A concept as lists and searches show it. */
export function row(overrides: Partial<ConceptRow> & { name: string }): ConceptRow {
  const conceptType: ConceptType = overrides.conceptType ?? 'Verb';
  return {
    uuid: `88888888-8888-4888-8888-${String(Math.abs(hash(overrides.name)))
      .padStart(12, '0')
      .slice(0, 12)}`,
    iri: `${PROFILE_IRI}/verbs/${overrides.name.toLowerCase()}`,
    description: `About ${overrides.name}.`,
    conceptType,
    type: conceptType,
    parentProfile: {
      uuid: PROFILE_ID,
      name: 'Video Profile',
      state: 'draft',
      organization: { uuid: '22222222-2222-4222-8222-222222222222', name: 'Video Working Group' },
    },
    updatedOn: '2025-02-03T10:00:00.000Z',
    status: 'Unpublished',
    linked: false,
    ...overrides,
  };
}

function hash(text: string): number {
  let h = 7;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) % 1_000_000_007;
  return h;
}

export const list = (concepts: ConceptRow[]): ConceptList => ({
  success: true,
  concepts,
  page: 1,
  limit: 10,
  total: concepts.length,
});

/** The paths the term search asks: the site search and the version's own concepts. */
export const SEARCH_PATH = '/app/concepts/search';
export const VERSION_CONCEPTS_PATH = `/app/profile/${PROFILE_ID}/version/${V1}/concepts`;

/**
 * Renders one component with the providers and a memory router, without the app's routes.
 * Mantine's test environment turns transitions off, so dropdowns and dialogs open at once.
 */
export function renderAlone(ui: ReactElement, path = '/', route = '*') {
  const router = createMemoryRouter([{ path: route, element: ui }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

/**
 * Renders the concept form screens in a version's Concepts tab, as the version page mounts them:
 * the list and a concept's page are stand-ins that name themselves.
 */
export function renderScreens(
  path: string,
  scope: { profile: Profile; version: ProfileVersion; canAuthor?: boolean },
) {
  const base = '/organization/:organizationId/profile/:profileId/version/:versionId/concepts';
  const Area = () => {
    const { organizationId = '', profileId = '' } = useParams();
    const listPath = (versionId = scope.version.uuid) =>
      `/organization/${organizationId}/profile/${profileId}/version/${versionId}/concepts`;
    const value: ConceptScope = {
      profile: scope.profile,
      version: scope.version,
      paths: (versionId, sub = '') =>
        `/organization/${organizationId}/profile/${profileId}/version/${versionId}${sub ? `/${sub}` : ''}`,
      canAuthor: scope.canAuthor ?? true,
      listPath,
      conceptPath: (conceptId, rest = '', versionId = scope.version.uuid) =>
        `${listPath(versionId)}/${conceptId}${rest === '' ? '' : `/${rest}`}`,
    };
    return (
      <ConceptScopeContext.Provider value={value}>
        <Routes>
          <Route index element={<p>Concept list</p>} />
          <Route path="create" element={<ConceptTypeChooser />} />
          <Route path="create/:type" element={<CreateConceptPage />} />
          <Route path=":conceptId" element={<p>Concept page</p>} />
          <Route path=":conceptId/edit/*" element={<EditConceptPage />} />
        </Routes>
      </ConceptScopeContext.Provider>
    );
  };
  return renderAlone(<Area />, path, `${base}/*`);
}
