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
import { NotFoundPage } from '../pages/common/NotFoundPage';
import { PageHeading } from '../pages/common/PageHeading';
import { FaqPage } from '../pages/help/FaqPage';
import { GuidelinesPage } from '../pages/help/GuidelinesPage';
import { HomePage } from '../pages/home/HomePage';
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
      { path: 'profiles', element: heading('Explore Profiles') },
      { path: 'profiles/create', element: signedIn(heading('Create Profile')) },
      { path: 'profile/:profileId/*', element: heading('Profile') },
      { path: 'api/iri/*', element: heading('Profile Lookup') },
      { path: 'organization', element: heading('Working Groups') },
      { path: 'organization/create', element: signedIn(heading('Create Working Group')) },
      { path: 'organization/:organizationId/*', element: heading('Working Group') },
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
      { path: 'api-info/*', element: heading('API Info') },
      { path: 'help', element: <GuidelinesPage /> },
      { path: 'FAQs', element: <FaqPage /> },
      { path: 'deleted-items', element: signedIn(heading('Deleted Items')) },
      {
        path: 'deleted-items/organization/:organizationId/profile/:profileId/version/:versionId',
        element: signedIn(heading('Deleted Items')),
      },
      {
        path: 'admin',
        children: [
          { path: 'users', element: adminOnly(heading('Manage Users')) },
          { path: 'users/:userId', element: adminOnly(heading('User')) },
          { path: 'verification', element: adminOnly(heading('Verify Profiles')) },
          { path: 'analytics', element: adminOnly(heading('Analytics')) },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
