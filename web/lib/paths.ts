/**
 * The address of every page of the route table (`app/routes.tsx`), as a function of what names it,
 * so each is written once and screens never spell a page's path themselves (`app/paths.test.ts`
 * checks both: every route has a function here, and no screen builds a page path from a string).
 * A page's own sections (a version's tabs, an item inside them) are the `sub` of its function.
 */
const enc = encodeURIComponent;
const withSub = (base: string, sub: string) => (sub === '' ? base : `${base}/${sub}`);
const withSection = (base: string, section: string) =>
  section === '' ? base : `${base}#${section}`;

/** The home page. */
export const homePath = () => '/';

// Profiles.

/** The published profiles (Explore). */
export const profilesPath = () => '/profiles';

/** Creating a profile: first choosing the working group it goes in. */
export const createProfilePath = () => '/profiles/create';

/** The public page of a profile: its newest published version, or one of its sections. */
export const publicProfilePath = (profileId: string, sub = '') =>
  withSub(`/profile/${enc(profileId)}`, sub);

/** The public page of one version of a profile. */
export const publicVersionPath = (profileId: string, versionId: string, sub = '') =>
  withSub(`${publicProfilePath(profileId)}/version/${enc(versionId)}`, sub);

/** The page an IRI names (`/api/iri/{iri}`), which opens the profile or item with that IRI. */
export const iriLookupPath = (iri: string) => `/api/iri/${enc(iri)}`;

// Working groups.

/** The list of working groups. */
export const organizationsPath = () => '/organization';

/** Creating a working group. */
export const createOrganizationPath = () => '/organization/create';

/** A working group's page (its profiles tab). */
export const groupPath = (organizationId: string) => `/organization/${enc(organizationId)}`;

/** A working group's About tab. */
export const organizationAboutPath = (organizationId: string) =>
  `${groupPath(organizationId)}/about`;

/** Editing a working group's name and description. */
export const editOrganizationPath = (organizationId: string) => `${groupPath(organizationId)}/edit`;

/** A working group's Members tab. */
export const organizationMembersPath = (organizationId: string) =>
  `${groupPath(organizationId)}/members`;

/** Adding a member to a working group. */
export const addMemberPath = (organizationId: string) =>
  `${organizationMembersPath(organizationId)}/add`;

/** Changing a member's level in a working group. */
export const editMemberPath = (organizationId: string, userId: string) =>
  `${organizationMembersPath(organizationId)}/${enc(userId)}/edit`;

/** A working group's Feedback tab: what was left on its published profiles. */
export const organizationFeedbackPath = (organizationId: string) =>
  `${groupPath(organizationId)}/feedback`;

/** A working group's API Keys tab. */
export const organizationApiKeysPath = (organizationId: string) =>
  `${groupPath(organizationId)}/apiKeys`;

/** Creating an API key of a working group. */
export const createApiKeyPath = (organizationId: string) =>
  `${organizationApiKeysPath(organizationId)}/create`;

/** Editing an API key of a working group. */
export const editApiKeyPath = (organizationId: string, apiKeyId: string) =>
  `${organizationApiKeysPath(organizationId)}/${enc(apiKeyId)}/edit`;

/** Creating a profile in a working group. */
export const groupCreateProfilePath = (organizationId: string) =>
  `${groupPath(organizationId)}/profile/create`;

/** A version's page inside its working group (signed-in), or one of its sections. */
export const groupVersionPath = (
  organizationId: string,
  profileId: string,
  versionId: string,
  sub = '',
) =>
  withSub(`${groupPath(organizationId)}/profile/${enc(profileId)}/version/${enc(versionId)}`, sub);

// Deleted items.

/** Every profile version with deleted items the user can see. */
export const myDeletedItemsPath = () => '/deleted-items';

/** Where a profile version's deleted items and claimable orphans are listed. */
export const deletedItemsPath = (organizationId: string, profileId: string, versionId: string) =>
  `${myDeletedItemsPath()}/organization/${enc(organizationId)}/profile/${enc(profileId)}/version/${enc(versionId)}`;

// The user's account.

/** The account pages' own address, which opens the account page. */
export const userPath = () => '/user';

/** Signing in. */
export const loginPath = () => '/user/login';

/** Creating an account. */
export const createAccountPath = () => '/user/create';

/** Choosing a username. */
export const usernamePath = () => '/user/username';

/** The signed-in user's account. */
export const accountPath = () => '/user/account';

/** A draft's review on a page of its own, for members and invited reviewers. */
export const reviewPath = (profileId: string, versionId: string) =>
  `/review/${encodeURIComponent(profileId)}/${encodeURIComponent(versionId)}`;

/** Asking for a password reset link. */
export const forgotPasswordPath = () => '/user/forgotpassword';

/** Setting a new password from a reset link. */
export const resetPasswordPath = () => '/user/resetpassword';

/** Entering the code that validates an account's email address. */
export const validateAccountPath = () => '/user/validate';

/** Asking for the validation email again. */
export const resendValidationPath = () => '/user/resend';

/** The user's webhooks. */
export const hooksPath = () => '/user/hooks';

/** Creating a webhook. */
export const createHookPath = () => '/user/hooks/create';

/** Editing a webhook. */
export const editHookPath = (hookId: string) => `${hooksPath()}/${enc(hookId)}/edit`;

// Search, help and the API documentation.

/** The search page, with its query string (without the `?`) if any. */
export const searchPath = (query = '') => (query === '' ? '/search' : `/search?${query}`);

/** The guidelines (Getting Started), at one of its sections if given. */
export const helpPath = (section = '') => withSection('/help', section);

/** The frequently asked questions. */
export const faqPath = () => '/FAQs';

/** The pages of the API documentation below `/api-info` (`pages/api-info/routes.tsx`). */
export const API_INFO_PAGES = [
  'post',
  'get',
  'get/single',
  'get/by-iri',
  'get/many',
  'put',
  'delete',
  'status',
  'metadata',
  'changes',
  'validate',
  'validate-templates',
  'validate-patterns',
  'simulate',
  'sparql',
  'sparql/query',
  'webhooks',
] as const;
export type ApiInfoPage = (typeof API_INFO_PAGES)[number];

/** A page of the API documentation (Getting Started without a page), at a section if given. */
export const apiInfoPath = (page: ApiInfoPage | '' = '', section = '') =>
  withSection(withSub('/api-info', page), section);

// Administration.

/** The site's users (administrators). */
export const manageUsersPath = () => '/admin/users';

/** One user's page (administrators). */
export const adminUserPath = (userId: string) => `${manageUsersPath()}/${enc(userId)}`;

/** The profiles waiting for verification (administrators). */
export const verificationPath = () => '/admin/verification';

/** The site's analytics (administrators). */
export const analyticsPath = () => '/admin/analytics';

/** The segment of an item's kind in a version's addresses: `…/concepts/{id}`. */
export const ITEM_SEGMENTS = {
  concept: 'concepts',
  template: 'templates',
  pattern: 'patterns',
} as const;
