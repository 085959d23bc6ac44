import type { HttpMethod } from '../../../common/api-examples';

export interface ApiInfoMenuItem {
  label: string;
  to: string;
  method?: HttpMethod;
  children?: ApiInfoMenuItem[];
}

/** The side menu of the API documentation, in reading order (spec 2 §2). */
export const API_INFO_MENU: ApiInfoMenuItem[] = [
  { label: 'Getting Started', to: '/api-info' },
  { label: 'Import/Create Profile', to: '/api-info/post', method: 'POST' },
  {
    label: 'Get a Profile',
    to: '/api-info/get',
    children: [
      { label: 'Single', to: '/api-info/get/single', method: 'GET' },
      { label: 'By IRI', to: '/api-info/get/by-iri', method: 'GET' },
      { label: 'Many', to: '/api-info/get/many', method: 'GET' },
    ],
  },
  { label: 'Edit Profile', to: '/api-info/put', method: 'PUT' },
  { label: 'Delete Draft Profile', to: '/api-info/delete', method: 'DELETE' },
  { label: 'Update Profile Status', to: '/api-info/status', method: 'POST' },
  { label: 'Get Profile Metadata', to: '/api-info/metadata', method: 'GET' },
  { label: 'Compare Versions', to: '/api-info/changes', method: 'GET' },
  { label: 'Validate Profile', to: '/api-info/validate', method: 'POST' },
  {
    label: 'Validate Statement (Templates)',
    to: '/api-info/validate-templates',
    method: 'POST',
  },
  {
    label: 'Validate Statements (Patterns)',
    to: '/api-info/validate-patterns',
    method: 'POST',
  },
  { label: 'SPARQL', to: '/api-info/sparql', method: 'POST' },
  { label: 'Webhooks', to: '/api-info/webhooks' },
];
