import { Anchor, Code } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorCode } from '../../../common/errors';
import type { ErrorRow, Param } from './parts';
import { apiInfoPath } from '../../lib/paths';

/** Rows the endpoint pages share. */

export const WRITE_KEY: Param = {
  name: 'x-api-key',
  need: 'Required',
  meaning: 'A key of the working group with write permission.',
};

export const READ_KEY: Param = {
  name: 'x-api-key',
  need: 'For drafts',
  meaning:
    'A key of the working group with read permission; needed only for a draft. Published versions are public.',
};

export const CONTENT_TYPE: Param = {
  name: 'Content-Type',
  need: 'Required',
  meaning: (
    <>
      <Code>application/json</Code> or <Code>application/ld+json</Code>.
    </>
  ),
};

export const ACCEPT: Param = {
  name: 'Accept',
  need: 'Optional',
  meaning: (
    <>
      <Code>application/ld+json</Code>, <Code>application/json</Code> (the default) or{' '}
      <Code>text/turtle</Code>.
    </>
  ),
};

export const CONDITIONAL: Param[] = [
  {
    name: 'If-None-Match',
    need: 'Optional',
    meaning: 'The ETag of the copy you have: if it is still current, the answer is 304, no body.',
  },
  {
    name: 'If-Modified-Since',
    need: 'Optional',
    meaning:
      'The Last-Modified of the copy you have: if nothing changed since, the answer is 304, no body.',
  },
];

export const UUID_PARAM: Param = {
  name: '{uuid}',
  need: 'Required',
  meaning: 'A profile uuid or a version uuid.',
};

/** The body of an import or an edit; they differ in what happens without status.published. */
export const profileBody = (publishedByDefault: boolean): Param[] => [
  {
    name: 'profile',
    need: 'Required',
    meaning: 'The xAPI Profile document (JSON-LD).',
  },
  {
    name: 'status.published',
    need: 'Optional',
    meaning: publishedByDefault
      ? 'false keeps the new version a draft; without it the version is published.'
      : 'true publishes the draft once edited; without it the draft stays a draft.',
  },
  {
    name: 'status.verificationRequest',
    need: 'Optional',
    meaning:
      'Any ISO 8601 date-time asks the site admins to verify the version; the server records when.',
  },
];

export const METADATA_LINK = (
  <Anchor component={Link} to={apiInfoPath('metadata')}>
    Get Profile Metadata
  </Anchor>
);

export const KEY_ERRORS: ErrorRow[] = [
  [401, ErrorCode.Unauthorized, 'No key, or an unknown or disabled one.'],
];

export const LIMIT_ERRORS: ErrorRow[] = [[429, ErrorCode.RateLimited, 'Too many requests.']];

export const BAD_UUID: ErrorRow = [400, ErrorCode.ValidationFailed, 'The uuid is not a uuid.'];

export const DOCUMENT_ERRORS: ErrorRow[] = [
  [401, ErrorCode.Unauthorized, 'The key sent is unknown or disabled.'],
  [
    403,
    ErrorCode.Forbidden,
    'A draft asked for with a key of its working group that lacks read permission.',
  ],
  [404, ErrorCode.NotFound, 'No such profile or version, or a draft you may not see.'],
  [406, ErrorCode.NotAcceptable, 'Accept names no format the document comes in.'],
  ...LIMIT_ERRORS,
];
