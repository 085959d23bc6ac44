import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { apiInfoRoute } from '../pages/api-info/routes';
import { NotFoundPage } from '../components/NotFoundPage';
import { HomePage } from '../pages/home/HomePage';
import { ExplorePage } from '../pages/profile/ExplorePage';
import { RequireAdmin, RequireAuth } from '../components/guards';
import { Layout } from './Layout';
import { lazyPage } from '../lib/lazy-page';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { accountPath } from '../lib/paths';

// Home, browsing and sign-in come with the first page; every other screen is fetched when first shown.
const AccountPage = lazyPage(() => import('../pages/account/AccountPage'), 'AccountPage');
const CreateAccountPage = lazyPage(
  () => import('../pages/account/CreateAccountPage'),
  'CreateAccountPage',
);
const ForgotPasswordPage = lazyPage(
  () => import('../pages/account/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const LoginPage = lazyPage(() => import('../pages/account/LoginPage'), 'LoginPage');
const ResendPage = lazyPage(() => import('../pages/account/ResendPage'), 'ResendPage');
const ResetPasswordPage = lazyPage(
  () => import('../pages/account/ResetPasswordPage'),
  'ResetPasswordPage',
);
const UsernamePage = lazyPage(() => import('../pages/account/UsernamePage'), 'UsernamePage');
const ValidatePage = lazyPage(() => import('../pages/account/ValidatePage'), 'ValidatePage');
const AnalyticsPage = lazyPage(() => import('../pages/admin/AnalyticsPage'), 'AnalyticsPage');
const AdminUserPage = lazyPage(() => import('../pages/admin/AdminUserPage'), 'AdminUserPage');
const ManageUsersPage = lazyPage(() => import('../pages/admin/ManageUsersPage'), 'ManageUsersPage');
const VerificationPage = lazyPage(
  () => import('../pages/admin/VerificationPage'),
  'VerificationPage',
);
const ReviewPage = lazyPage(() => import('../pages/reviews/ReviewPage'), 'ReviewPage');
const FaqPage = lazyPage(() => import('../pages/help/FaqPage'), 'FaqPage');
const GuidelinesPage = lazyPage(() => import('../pages/help/GuidelinesPage'), 'GuidelinesPage');
const DeletedItemsPage = lazyPage(
  () => import('../pages/items/DeletedItemsPage'),
  'DeletedItemsPage',
);
const MyDeletedItemsPage = lazyPage(
  () => import('../pages/items/MyDeletedItemsPage'),
  'MyDeletedItemsPage',
);
const HooksPage = lazyPage(() => import('../pages/hooks/HooksPage'), 'HooksPage');
const CreateHookPage = lazyPage(() => import('../pages/hooks/CreateHookPage'), 'CreateHookPage');
const EditHookPage = lazyPage(() => import('../pages/hooks/EditHookPage'), 'EditHookPage');
const AboutTab = lazyPage(() => import('../pages/organization/AboutTab'), 'AboutTab');
const AddMemberPage = lazyPage(
  () => import('../pages/organization/AddMemberPage'),
  'AddMemberPage',
);
const ApiKeysTab = lazyPage(() => import('../pages/organization/ApiKeysTab'), 'ApiKeysTab');
const CreateApiKeyPage = lazyPage(
  () => import('../pages/organization/CreateApiKeyPage'),
  'CreateApiKeyPage',
);
const CreateOrganizationPage = lazyPage(
  () => import('../pages/organization/CreateOrganizationPage'),
  'CreateOrganizationPage',
);
const EditApiKeyPage = lazyPage(
  () => import('../pages/organization/EditApiKeyPage'),
  'EditApiKeyPage',
);
const EditMemberPage = lazyPage(
  () => import('../pages/organization/EditMemberPage'),
  'EditMemberPage',
);
const EditOrganizationPage = lazyPage(
  () => import('../pages/organization/EditOrganizationPage'),
  'EditOrganizationPage',
);
const FeedbackTab = lazyPage(() => import('../pages/organization/FeedbackTab'), 'FeedbackTab');
const MembersTab = lazyPage(() => import('../pages/organization/MembersTab'), 'MembersTab');
const OrganizationsPage = lazyPage(
  () => import('../pages/organization/OrganizationsPage'),
  'OrganizationsPage',
);
const GroupOnly = lazyPage(() => import('../pages/organization/OrganizationArea'), 'GroupOnly');
const OrganizationArea = lazyPage(
  () => import('../pages/organization/OrganizationArea'),
  'OrganizationArea',
);
const ProfilesTab = lazyPage(() => import('../pages/organization/ProfilesTab'), 'ProfilesTab');
const CreateProfileEntryPage = lazyPage(
  () => import('../pages/profile/CreateProfilePage'),
  'CreateProfileEntryPage',
);
const CreateProfilePage = lazyPage(
  () => import('../pages/profile/CreateProfilePage'),
  'CreateProfilePage',
);
const IriLookupPage = lazyPage(() => import('../pages/profile/IriLookupPage'), 'IriLookupPage');
const GroupVersionPage = lazyPage(() => import('./version-screens'), 'GroupVersionPage');
const SearchPage = lazyPage(() => import('../pages/search/SearchPage'), 'SearchPage');
const PublicProfilePage = lazyPage(() => import('./version-screens'), 'PublicProfilePage');

const signedIn = (element: ReactNode): ReactNode => <RequireAuth>{element}</RequireAuth>;
const adminOnly = (element: ReactNode): ReactNode => <RequireAdmin>{element}</RequireAdmin>;

/** Every top-level route of the site (spec 1 §2.1); anything else is the not-found screen. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'profiles', element: <ExplorePage /> },
      { path: 'profiles/create', element: signedIn(<CreateProfileEntryPage />) },
      { path: 'profile/:profileId/*', element: <PublicProfilePage /> },
      { path: 'api/iri/*', element: <IriLookupPage /> },
      { path: 'organization', element: <OrganizationsPage /> },
      { path: 'organization/create', element: signedIn(<CreateOrganizationPage />) },
      {
        path: 'organization/:organizationId/profile/create',
        element: signedIn(<CreateProfilePage />),
      },
      {
        path: 'organization/:organizationId/profile/:profileId/version/:versionId/*',
        element: signedIn(<GroupVersionPage />),
      },
      {
        path: 'organization/:organizationId',
        element: <OrganizationArea />,
        children: [
          { index: true, element: <ProfilesTab /> },
          { path: 'about', element: <AboutTab /> },
          {
            path: 'edit',
            element: signedIn(
              <GroupOnly rule="isMember" otherwise="about">
                <EditOrganizationPage />
              </GroupOnly>,
            ),
          },
          {
            path: 'members',
            element: (
              <GroupOnly rule="canSeeMembers" otherwise="about">
                <MembersTab />
              </GroupOnly>
            ),
          },
          {
            path: 'members/add',
            element: (
              <GroupOnly rule="canManageMembers" otherwise="members">
                <AddMemberPage />
              </GroupOnly>
            ),
          },
          {
            path: 'members/:userId/edit',
            element: (
              <GroupOnly rule="canManageMembers" otherwise="members">
                <EditMemberPage />
              </GroupOnly>
            ),
          },
          {
            path: 'feedback',
            element: (
              <GroupOnly rule="isMember" otherwise="about">
                <FeedbackTab />
              </GroupOnly>
            ),
          },
          {
            path: 'apiKeys',
            element: (
              <GroupOnly rule="isGroupAdmin" otherwise="about">
                <ApiKeysTab />
              </GroupOnly>
            ),
          },
          {
            path: 'apiKeys/create',
            element: (
              <GroupOnly rule="isGroupAdmin" otherwise="about">
                <CreateApiKeyPage />
              </GroupOnly>
            ),
          },
          {
            path: 'apiKeys/:apiKeyId/edit',
            element: (
              <GroupOnly rule="isGroupAdmin" otherwise="about">
                <EditApiKeyPage />
              </GroupOnly>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'user',
        children: [
          { index: true, element: <Navigate to={accountPath()} replace /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'create', element: <CreateAccountPage /> },
          { path: 'username', element: signedIn(<UsernamePage />) },
          { path: 'account', element: signedIn(<AccountPage />) },
          { path: 'forgotpassword', element: <ForgotPasswordPage /> },
          { path: 'resetpassword', element: <ResetPasswordPage /> },
          { path: 'validate', element: <ValidatePage /> },
          { path: 'resend', element: <ResendPage /> },
          { path: 'hooks', element: signedIn(<HooksPage />) },
          { path: 'hooks/create', element: signedIn(<CreateHookPage />) },
          { path: 'hooks/:hookId/edit', element: signedIn(<EditHookPage />) },
        ],
      },
      { path: 'review/:profileId/:versionId', element: signedIn(<ReviewPage />) },
      { path: 'search', element: <SearchPage /> },
      apiInfoRoute,
      { path: 'help', element: <GuidelinesPage /> },
      { path: 'FAQs', element: <FaqPage /> },
      { path: 'deleted-items', element: signedIn(<MyDeletedItemsPage />) },
      {
        path: 'deleted-items/organization/:organizationId/profile/:profileId/version/:versionId',
        element: signedIn(<DeletedItemsPage />),
      },
      {
        path: 'admin',
        children: [
          { path: 'users', element: adminOnly(<ManageUsersPage />) },
          { path: 'users/:userId', element: adminOnly(<AdminUserPage />) },
          { path: 'verification', element: adminOnly(<VerificationPage />) },
          { path: 'analytics', element: adminOnly(<AnalyticsPage />) },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
