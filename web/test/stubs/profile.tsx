import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type {
  Profile,
  ProfileListItem,
  ProfileVersion,
  ProfileView,
} from '../../../common/profiles';
import { routes } from '../../app/routes';
import { theme } from '../../lib/theme';
import { GROUP_ID } from './organization';

/** The session, the fake server and the people come from the working group tests. */
export {
  ada,
  GROUP_ID,
  ok,
  signedIn,
  signedOut,
  siteAdmin,
  stubServer,
  type StubCall,
} from './organization';

export const PROFILE_ID = '33333333-3333-4333-8333-333333333333';
export const V1 = '44444444-4444-4444-8444-444444444441';
export const V2 = '44444444-4444-4444-8444-444444444442';
export const ROOT_IRI = 'https://profiles.example.org/profile';
export const PROFILE_IRI = `${ROOT_IRI}/55555555-5555-4555-8555-555555555555`;

export function version(overrides: Partial<ProfileVersion> = {}): ProfileVersion {
  const number = overrides.version ?? 1;
  return {
    uuid: V1,
    profileUuid: PROFILE_ID,
    version: number,
    iri: `${PROFILE_IRI}/v${number}`,
    state: 'draft',
    name: 'Video Profile',
    description: 'Statements about watching videos.',
    translations: [],
    moreInformation: '',
    tags: [],
    isVerified: false,
    verificationRequest: null,
    verificationRequestedBy: null,
    updatedOn: '2025-02-03T10:00:00.000Z',
    publishedOn: null,
    revision: 'details-1.a',
    counts: { templates: 0, patterns: 0, concepts: 0 },
    ...overrides,
  };
}

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    uuid: PROFILE_ID,
    iri: PROFILE_IRI,
    iriType: 'generated-iri',
    iriFixed: false,
    organization: { uuid: GROUP_ID, name: 'Video Working Group' },
    currentPublishedVersion: null,
    currentDraftVersion: {
      uuid: V1,
      iri: `${PROFILE_IRI}/v1`,
      version: 1,
      state: 'draft',
      isVerified: false,
    },
    versions: [
      { uuid: V1, iri: `${PROFILE_IRI}/v1`, version: 1, state: 'draft', isVerified: false },
    ],
    membership: 'member',
    ...overrides,
  };
}

export const view = (p: Profile, v: ProfileVersion): ProfileView => ({
  success: true,
  profile: p,
  version: v,
});

/** A published version 1 with a draft version 2 on top, as members see it. */
export function publishedWithDraft(membership: Profile['membership'] = 'member') {
  const v1 = version({
    uuid: V1,
    version: 1,
    state: 'published',
    publishedOn: '2025-01-01T00:00:00Z',
    revision: 'details-1.a',
  });
  const v2 = version({ uuid: V2, iri: `${PROFILE_IRI}/v2`, version: 2, state: 'draft' });
  const p = profile({
    iriFixed: true,
    membership,
    currentPublishedVersion: {
      uuid: V1,
      iri: `${PROFILE_IRI}/v1`,
      version: 1,
      state: 'published',
      isVerified: false,
    },
    currentDraftVersion: {
      uuid: V2,
      iri: `${PROFILE_IRI}/v2`,
      version: 2,
      state: 'draft',
      isVerified: false,
    },
    versions: [
      { uuid: V2, iri: `${PROFILE_IRI}/v2`, version: 2, state: 'draft', isVerified: false },
      { uuid: V1, iri: `${PROFILE_IRI}/v1`, version: 1, state: 'published', isVerified: false },
    ],
  });
  return { profile: p, v1, v2 };
}

/** A profile whose only version, 1, is published. */
export function publishedOnly(
  membership: Profile['membership'] = 'member',
  versionOverrides: Partial<ProfileVersion> = {},
) {
  const v1 = version({
    uuid: V1,
    version: 1,
    state: 'published',
    publishedOn: '2025-01-01T00:00:00Z',
    revision: 'details-1.a',
    ...versionOverrides,
  });
  const summary = {
    uuid: V1,
    iri: `${PROFILE_IRI}/v1`,
    version: 1,
    state: 'published' as const,
    isVerified: v1.isVerified,
  };
  const p = profile({
    iriFixed: true,
    membership,
    currentPublishedVersion: summary,
    currentDraftVersion: null,
    versions: [summary],
  });
  return { profile: p, v1 };
}

export function listItem(overrides: Partial<ProfileListItem> = {}): ProfileListItem {
  return {
    uuid: PROFILE_ID,
    versionUuid: V1,
    name: 'Video Profile',
    description: 'Statements about watching videos.',
    iri: PROFILE_IRI,
    isVerified: false,
    state: 'published',
    version: 1,
    organization: { uuid: GROUP_ID, name: 'Video Working Group' },
    author: 'Video Working Group',
    updatedOn: '2025-02-03T10:00:00.000Z',
    views: 12,
    exports: 3,
    ...overrides,
  };
}

export const versionPath = (versionId: string, sub = '') =>
  `/organization/${GROUP_ID}/profile/${PROFILE_ID}/version/${versionId}${sub ? `/${sub}` : ''}`;
export const versionApi = (versionId: string, rest = '') =>
  `/app/profile/${PROFILE_ID}/version/${versionId}${rest}`;

/**
 * Renders the whole app (shell, route table and guards) at `path`. Mantine's test environment
 * turns transitions off, so dropdowns and dialogs open at once.
 */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
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
