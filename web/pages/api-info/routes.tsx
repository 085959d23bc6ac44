import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { lazyPage } from '../../lib/lazy-page';

// The API documentation is read by few visitors: its pages come when first shown.
const ApiInfoLayout = lazyPage(() => import('./ApiInfoLayout'), 'ApiInfoLayout');
const ChangesPage = lazyPage(() => import('./ChangesPage'), 'ChangesPage');
const DeleteDraftPage = lazyPage(() => import('./ChangePages'), 'DeleteDraftPage');
const EditPage = lazyPage(() => import('./ChangePages'), 'EditPage');
const StatusPage = lazyPage(() => import('./ChangePages'), 'StatusPage');
const GetByIriPage = lazyPage(() => import('./GetPages'), 'GetByIriPage');
const GetManyPage = lazyPage(() => import('./GetPages'), 'GetManyPage');
const GetOverviewPage = lazyPage(() => import('./GetPages'), 'GetOverviewPage');
const GetSinglePage = lazyPage(() => import('./GetPages'), 'GetSinglePage');
const GettingStartedPage = lazyPage(() => import('./GettingStartedPage'), 'GettingStartedPage');
const ImportPage = lazyPage(() => import('./ImportPage'), 'ImportPage');
const MetadataPage = lazyPage(() => import('./InfoPages'), 'MetadataPage');
const SimulatePage = lazyPage(() => import('./StatementPages'), 'SimulatePage');
const SparqlPage = lazyPage(() => import('./SparqlPage'), 'SparqlPage');
const SparqlQueryPage = lazyPage(() => import('./SparqlQueryPage'), 'SparqlQueryPage');
const ValidatePage = lazyPage(() => import('./InfoPages'), 'ValidatePage');
const ValidatePatternsPage = lazyPage(() => import('./StatementPages'), 'ValidatePatternsPage');
const WebhooksPage = lazyPage(() => import('./WebhooksPage'), 'WebhooksPage');
const ValidateTemplatesPage = lazyPage(() => import('./StatementPages'), 'ValidateTemplatesPage');

/** /api-info and its pages (spec 2 §2); any other path below it is the not-found screen. */
export const apiInfoRoute: RouteObject = {
  path: 'api-info',
  children: [
    {
      element: <ApiInfoLayout />,
      children: [
        { index: true, element: <GettingStartedPage /> },
        { path: 'post', element: <ImportPage /> },
        { path: 'get', element: <GetOverviewPage /> },
        { path: 'get/single', element: <GetSinglePage /> },
        { path: 'get/by-iri', element: <GetByIriPage /> },
        { path: 'get/many', element: <GetManyPage /> },
        { path: 'put', element: <EditPage /> },
        { path: 'delete', element: <DeleteDraftPage /> },
        { path: 'status', element: <StatusPage /> },
        { path: 'metadata', element: <MetadataPage /> },
        { path: 'changes', element: <ChangesPage /> },
        { path: 'validate', element: <ValidatePage /> },
        { path: 'validate-templates', element: <ValidateTemplatesPage /> },
        { path: 'validate-patterns', element: <ValidatePatternsPage /> },
        { path: 'simulate', element: <SimulatePage /> },
        { path: 'sparql', element: <SparqlPage /> },
        { path: 'sparql/query', element: <SparqlQueryPage /> },
        { path: 'webhooks', element: <WebhooksPage /> },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ],
};
