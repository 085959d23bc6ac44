import { apiInfoPath } from '../../lib/paths';
import type { HttpMethod } from '../../../common/api-examples';

export interface ApiInfoMenuItem {
  label: string;
  to: string;
  method?: HttpMethod;
  children?: ApiInfoMenuItem[];
}

/** The side menu of the API documentation, in reading order (spec 2 §2). */
export const API_INFO_MENU: ApiInfoMenuItem[] = [
  { label: 'Getting Started', to: apiInfoPath() },
  { label: 'Import/Create Profile', to: apiInfoPath('post'), method: 'POST' },
  {
    label: 'Get a Profile',
    to: apiInfoPath('get'),
    children: [
      { label: 'Single', to: apiInfoPath('get/single'), method: 'GET' },
      { label: 'By IRI', to: apiInfoPath('get/by-iri'), method: 'GET' },
      { label: 'Many', to: apiInfoPath('get/many'), method: 'GET' },
    ],
  },
  { label: 'Edit Profile', to: apiInfoPath('put'), method: 'PUT' },
  { label: 'Delete Draft Profile', to: apiInfoPath('delete'), method: 'DELETE' },
  { label: 'Update Profile Status', to: apiInfoPath('status'), method: 'POST' },
  { label: 'Get Profile Metadata', to: apiInfoPath('metadata'), method: 'GET' },
  { label: 'Compare Versions', to: apiInfoPath('changes'), method: 'GET' },
  { label: 'Validate Profile', to: apiInfoPath('validate'), method: 'POST' },
  {
    label: 'Validate Statement (Templates)',
    to: apiInfoPath('validate-templates'),
    method: 'POST',
  },
  {
    label: 'Validate Statements (Patterns)',
    to: apiInfoPath('validate-patterns'),
    method: 'POST',
  },
  { label: 'Simulate Statements', to: apiInfoPath('simulate'), method: 'POST' },
  { label: 'SPARQL', to: apiInfoPath('sparql'), method: 'POST' },
  { label: 'Webhooks', to: apiInfoPath('webhooks') },
];
