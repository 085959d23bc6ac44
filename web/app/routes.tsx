import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AccountPage } from '../pages/account/AccountPage';
import { CreateAccountPage } from '../pages/account/CreateAccountPage';
import { ForgotPasswordPage } from '../pages/account/ForgotPasswordPage';
import { LoginPage } from '../pages/account/LoginPage';
import { ResendPage } from '../pages/account/ResendPage';
import { ResetPasswordPage } from '../pages/account/ResetPasswordPage';
import { UsernamePage } from '../pages/account/UsernamePage';
import { ValidatePage } from '../pages/account/ValidatePage';
import { AdminUserPage } from '../pages/admin/AdminUserPage';
import { ManageUsersPage } from '../pages/admin/ManageUsersPage';
import { VerificationPage } from '../pages/admin/VerificationPage';
import { apiInfoRoute } from '../pages/api-info/routes';
import { NotFoundPage } from '../pages/common/NotFoundPage';
import { PageHeading } from '../pages/common/PageHeading';
import { FaqPage } from '../pages/help/FaqPage';
import { GuidelinesPage } from '../pages/help/GuidelinesPage';
import { HomePage } from '../pages/home/HomePage';
import { DeletedItemsPage } from '../pages/items/DeletedItemsPage';
import { AboutTab } from '../pages/organization/AboutTab';
import { AddMemberPage } from '../pages/organization/AddMemberPage';
import { ApiKeysTab } from '../pages/organization/ApiKeysTab';
import { CreateApiKeyPage } from '../pages/organization/CreateApiKeyPage';
import { CreateOrganizationPage } from '../pages/organization/CreateOrganizationPage';
import { EditApiKeyPage } from '../pages/organization/EditApiKeyPage';
import { EditMemberPage } from '../pages/organization/EditMemberPage';
import { EditOrganizationPage } from '../pages/organization/EditOrganizationPage';
import { MembersTab } from '../pages/organization/MembersTab';
import { GroupOnly, OrganizationArea } from '../pages/organization/OrganizationArea';
import { OrganizationsPage } from '../pages/organization/OrganizationsPage';
import { ProfilesTab } from '../pages/organization/ProfilesTab';
import { CreateProfileEntryPage, CreateProfilePage } from '../pages/profile/CreateProfilePage';
import { ExplorePage } from '../pages/profile/ExplorePage';
import { IriLookupPage } from '../pages/profile/IriLookupPage';
import { GroupVersionPage, PublicProfilePage } from '../pages/profile/VersionPage';
import { RequireAdmin, RequireAuth } from './guards';
import { Layout } from './Layout';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/** A screen whose content arrives with its feature; until then it shows only its heading. */
const heading = (title: string): ReactNode => <PageHeading>{title}</PageHeading>;
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
          { index: true, element: <Navigate to="/user/account" replace /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'create', element: <CreateAccountPage /> },
          { path: 'username', element: signedIn(<UsernamePage />) },
          { path: 'account', element: signedIn(<AccountPage />) },
          { path: 'forgotpassword', element: <ForgotPasswordPage /> },
          { path: 'resetpassword', element: <ResetPasswordPage /> },
          { path: 'validate', element: <ValidatePage /> },
          { path: 'resend', element: <ResendPage /> },
          { path: 'hooks/*', element: signedIn(heading('Web Hooks')) },
        ],
      },
      { path: 'search', element: heading('Search') },
      apiInfoRoute,
      { path: 'help', element: <GuidelinesPage /> },
      { path: 'FAQs', element: <FaqPage /> },
      { path: 'deleted-items', element: signedIn(heading('Deleted Items')) },
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
          { path: 'analytics', element: adminOnly(heading('Analytics')) },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
