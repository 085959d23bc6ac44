import { Code, List, Stack, Text } from '@mantine/core';
import { ErrorCode } from '../../../common/errors';
import { DocSection, EndpointHeader, ErrorTable, Examples, ParamTable } from './parts';
import {
  BAD_UUID,
  CONTENT_TYPE,
  KEY_ERRORS,
  LIMIT_ERRORS,
  METADATA_LINK,
  UUID_PARAM,
  WRITE_KEY,
  profileBody,
} from './shared-params';

const NOT_YOURS: [403, typeof ErrorCode.Forbidden, string] = [
  403,
  ErrorCode.Forbidden,
  'The key has no write permission, or the profile is a published profile of another working group.',
];

const NOT_FOUND: [404, typeof ErrorCode.NotFound, string] = [
  404,
  ErrorCode.NotFound,
  'No such profile or version, or a draft of another working group.',
];

/** /api-info/put */
export function EditPage() {
  return (
    <Stack gap="xl">
      <EndpointHeader title="Edit Profile" method="PUT" paths={['/api/profile/{uuid}']}>
        <Text>
          Replaces the content of a draft with a new document. Only drafts can be edited, and only
          with a key of their working group: a published version never changes — import its next
          version instead.
        </Text>
        <Text>
          So that an edit never undoes a change it has not seen, it must carry the{' '}
          <Code>Last-Modified</Code> value of your latest GET or POST of the draft in{' '}
          <Code>If-Unmodified-Since</Code>. If the draft changed after that, the edit is refused
          with 412: get it again, apply your change to it and retry.
        </Text>
      </EndpointHeader>

      <DocSection title="Request">
        <ParamTable
          label="Path"
          params={[
            {
              ...UUID_PARAM,
              meaning:
                'The uuid of the draft version, or of its profile (which stands for its draft).',
            },
          ]}
        />
        <ParamTable
          label="Headers"
          params={[
            WRITE_KEY,
            CONTENT_TYPE,
            {
              name: 'If-Unmodified-Since',
              need: 'Required',
              meaning: 'The Last-Modified value of your latest GET or POST of this draft.',
            },
            {
              name: 'If-Match',
              need: 'Optional',
              meaning: 'The ETag of your latest GET of the draft; it must still match too.',
            },
          ]}
        />
        <Text>
          The body is as for an import. The document must keep the profile&apos;s IRI;{' '}
          <Code>versions[0]</Code> is the draft.
        </Text>
        <ParamTable label="Body" params={profileBody(false)} />
      </DocSection>

      <DocSection title="Response">
        <Text>
          <Code>200</Code> with <Code>{'{ "success": true, "metadata": { … } }'}</Code> (see{' '}
          {METADATA_LINK}) and the draft&apos;s new <Code>Last-Modified</Code>, for the next edit.
        </Text>
        <ErrorTable
          rows={[
            [
              400,
              [ErrorCode.ValidationFailed, ErrorCode.BadRequest],
              'The document is not a valid profile (findings list every problem), or If-Unmodified-Since is not an HTTP date.',
            ],
            ...KEY_ERRORS,
            NOT_YOURS,
            NOT_FOUND,
            [
              409,
              ErrorCode.Conflict,
              'The version is not a draft; the document describes another profile; or its version IRI is taken.',
            ],
            [412, ErrorCode.PreconditionFailed, 'The draft changed after If-Unmodified-Since.'],
            [413, ErrorCode.PayloadTooLarge, 'The body is larger than 5 MB.'],
            [428, ErrorCode.PreconditionRequired, 'If-Unmodified-Since is missing.'],
            ...LIMIT_ERRORS,
          ]}
        />
      </DocSection>

      <Examples page="put" />
    </Stack>
  );
}

/** /api-info/delete */
export function DeleteDraftPage() {
  return (
    <Stack gap="xl">
      <EndpointHeader title="Delete Draft Profile" method="DELETE" paths={['/api/profile/{uuid}']}>
        <Text>Deletes a draft of your working group. Published versions cannot be deleted.</Text>
        <List spacing={6}>
          <List.Item>
            If the profile has published versions, they stay, and the number of the deleted draft is
            free for the next one.
          </List.Item>
          <List.Item>
            If the profile was never published, the profile goes with its draft.
          </List.Item>
        </List>
      </EndpointHeader>

      <DocSection title="Request">
        <ParamTable
          label="Path"
          params={[
            {
              ...UUID_PARAM,
              meaning:
                'The uuid of the draft version, or of its profile (which stands for its draft).',
            },
          ]}
        />
        <ParamTable label="Headers" params={[WRITE_KEY]} />
        <Text>No body.</Text>
      </DocSection>

      <DocSection title="Response">
        <Text>
          <Code>200</Code> with{' '}
          <Code>{'{ "success": true, "message": "The draft was successfully deleted." }'}</Code>.
        </Text>
        <ErrorTable
          rows={[
            BAD_UUID,
            ...KEY_ERRORS,
            NOT_YOURS,
            NOT_FOUND,
            [405, ErrorCode.MethodNotAllowed, 'The version is not a draft.'],
            ...LIMIT_ERRORS,
          ]}
        />
      </DocSection>

      <Examples page="delete" />
    </Stack>
  );
}

/** /api-info/status */
export function StatusPage() {
  return (
    <Stack gap="xl">
      <EndpointHeader
        title="Update Profile Status"
        method="POST"
        paths={['/api/profile/{uuid}/status']}
      >
        <Text>
          Publishes a draft, asks the site admins to verify a version, or both at once. These are
          the only parts of the status a key can change: a published version cannot be unpublished,
          and only site admins verify profiles.
        </Text>
      </EndpointHeader>

      <DocSection title="Request">
        <ParamTable
          label="Path"
          params={[
            {
              ...UUID_PARAM,
              meaning:
                'The uuid of a version, or of a profile: its draft if it has one, otherwise its current published version.',
            },
          ]}
        />
        <ParamTable label="Headers" params={[WRITE_KEY, CONTENT_TYPE]} />
        <ParamTable
          label="Body"
          params={[
            {
              name: 'published',
              need: 'Optional',
              meaning:
                'true publishes the draft (after checking it as a publication does); a published version stays published.',
            },
            {
              name: 'verificationRequest',
              need: 'Optional',
              meaning:
                'Any ISO 8601 date-time asks the site admins to verify the version; the server records when the request arrived.',
            },
            {
              name: 'verified',
              need: 'Not allowed',
              meaning: 'Refused with 400: only site admins verify profiles.',
            },
          ]}
        />
      </DocSection>

      <DocSection title="Response">
        <Text>
          <Code>200</Code> with <Code>success</Code> and <Code>status</Code>: <Code>published</Code>{' '}
          and <Code>verified</Code> (true or false) and <Code>verificationRequest</Code> (when
          verification was asked for, or null).
        </Text>
        <ErrorTable
          rows={[
            [
              400,
              [ErrorCode.BadRequest, ErrorCode.ValidationFailed],
              'verified was sent; verificationRequest is not a date-time; or the draft has problems that stop its publication (findings list them).',
            ],
            ...KEY_ERRORS,
            NOT_YOURS,
            NOT_FOUND,
            [
              409,
              ErrorCode.Conflict,
              'published: false for a published version; the version is not the current draft; or it is already verified.',
            ],
            ...LIMIT_ERRORS,
          ]}
        />
      </DocSection>

      <Examples page="status" />
    </Stack>
  );
}
