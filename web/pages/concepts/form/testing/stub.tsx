import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ConceptList, ConceptRow, ConceptType } from '../../../../../common/concepts';
import { theme } from '../../../../app/theme';
import { PROFILE_ID, PROFILE_IRI, V1 } from '../../../profile/testing/stub';

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
} from '../../../profile/testing/stub';

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
export function renderAlone(ui: ReactElement, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
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
