import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../common/NotFoundPage';
import { ApiInfoLayout } from './ApiInfoLayout';
import { DeleteDraftPage, EditPage, StatusPage } from './ChangePages';
import { GetByIriPage, GetManyPage, GetOverviewPage, GetSinglePage } from './GetPages';
import { GettingStartedPage } from './GettingStartedPage';
import { ImportPage } from './ImportPage';
import { MetadataPage, SparqlPage, ValidatePage } from './InfoPages';
import { ValidatePatternsPage, ValidateTemplatesPage } from './StatementPages';

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
        { path: 'validate', element: <ValidatePage /> },
        { path: 'validate-templates', element: <ValidateTemplatesPage /> },
        { path: 'validate-patterns', element: <ValidatePatternsPage /> },
        { path: 'sparql', element: <SparqlPage /> },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ],
};
