import { Code, Stack, Text } from '@mantine/core';
import { ErrorCode } from '../../../common/errors';
import { DocSection, EndpointHeader, ErrorTable, Examples, ParamTable, type Param } from './parts';
import { BAD_UUID, CONTENT_TYPE, LIMIT_ERRORS, READ_KEY, UUID_PARAM } from './shared-params';

const METADATA_FIELDS: Param[] = [
  { name: 'profile_url', need: 'string', meaning: 'The page of the profile on this server.' },
  { name: 'profile_id', need: 'string', meaning: 'The IRI of the profile.' },
  { name: 'version_url', need: 'string', meaning: 'The page of this version on this server.' },
  { name: 'version_id', need: 'string', meaning: 'The IRI of this version.' },
  { name: 'version_uuid', need: 'uuid', meaning: 'The uuid of this version.' },
  { name: 'name', need: 'string', meaning: 'The name of the profile in this version.' },
  { name: 'version', need: 'number', meaning: 'The number of this version: 1, 2, …' },
  { name: 'template_count', need: 'number', meaning: 'How many statement templates it has.' },
  { name: 'concept_count', need: 'number', meaning: 'How many concepts it defines.' },
  { name: 'pattern_count', need: 'number', meaning: 'How many patterns it has.' },
  { name: 'updated', need: 'date-time', meaning: 'When this version last changed (ISO 8601).' },
  {
    name: 'working_group',
    need: 'object',
    meaning: (
      <>
        The owning working group: <Code>name</Code>, <Code>url</Code> (its collaboration link) and{' '}
        <Code>uuid</Code>.
      </>
    ),
  },
  {
    name: 'status',
    need: 'object',
    meaning: (
      <>
        <Code>published</Code> and <Code>verified</Code> (true or false), and{' '}
        <Code>verificationRequest</Code>: when verification was asked for, or null.
      </>
    ),
  },
];

/** /api-info/metadata */
export function MetadataPage() {
  return (
    <Stack gap="xl">
      <EndpointHeader
        title="Get Profile Metadata"
        method="GET"
        paths={['/api/profile/{uuid}/meta', '/api/profile/{uuid}/metadata']}
      >
        <Text>
          Describes a version of a profile without its content: names, IRIs, counts, working group
          and status. The two paths are the same call. The uuid of a profile gives its current
          published version; the uuid of a version gives that version. As for documents, a draft is
          described only to a read key of its working group.
        </Text>
      </EndpointHeader>

      <DocSection title="Request">
        <ParamTable label="Path" params={[UUID_PARAM]} />
        <ParamTable label="Headers" params={[READ_KEY]} />
      </DocSection>

      <DocSection title="Response">
        <Text>
          <Code>200</Code> with <Code>{'{ "success": true, "metadata": { … } }'}</Code> and a{' '}
          <Code>Last-Modified</Code> header. The fields of <Code>metadata</Code>, the same in every
          answer that carries it (imports, edits and lists too):
        </Text>
        <ParamTable label="Metadata fields" params={METADATA_FIELDS} second="Type" />
        <ErrorTable
          rows={[
            BAD_UUID,
            [401, ErrorCode.Unauthorized, 'The key sent is unknown or disabled.'],
            [
              403,
              ErrorCode.Forbidden,
              'A draft asked for with a key of its working group that lacks read permission.',
            ],
            [404, ErrorCode.NotFound, 'No such profile or version, or a draft you may not see.'],
            ...LIMIT_ERRORS,
          ]}
        />
      </DocSection>

      <Examples page="metadata" />
    </Stack>
  );
}

/** /api-info/validate */
export function ValidatePage() {
  return (
    <Stack gap="xl">
      <EndpointHeader title="Validate Profile" method="POST" paths={['/api/validate']}>
        <Text>
          Checks a document against the xAPI Profiles specification — the same checks an import
          makes — and stores nothing. No key is needed, and web pages on any site may call it.
        </Text>
        <Text>
          A valid document may still be refused by an import, for reasons only the stored profiles
          can tell: an IRI already in use, a version that does not continue the stored history.
        </Text>
      </EndpointHeader>

      <DocSection title="Request">
        <ParamTable label="Headers" params={[CONTENT_TYPE]} />
        <Text>
          The body is the document itself, or the document wrapped as{' '}
          <Code>{'{ "profile": … }'}</Code>, as an import sends it.
        </Text>
      </DocSection>

      <DocSection title="Response">
        <Text>
          <Code>200</Code> with{' '}
          <Code>
            {'{ "success": true, "message": "Validation successful.", "warnings": [ … ] }'}
          </Code>
          : warnings point at things worth fixing that do not make the profile invalid. An invalid
          profile gets <Code>400</Code> with every problem in <Code>findings</Code>; each names the
          rule (<Code>ruleId</Code>), its <Code>severity</Code>, where it is (<Code>path</Code>, a
          JSON Pointer) and what to do (<Code>message</Code>).
        </Text>
        <ErrorTable
          rows={[
            [
              400,
              ErrorCode.ValidationFailed,
              'The document is not a valid profile (findings list every problem), or the body is not a JSON object.',
            ],
            [401, ErrorCode.Unauthorized, 'A key was sent anyway, and it is unknown or disabled.'],
            [413, ErrorCode.PayloadTooLarge, 'The body is larger than 5 MB.'],
            ...LIMIT_ERRORS,
          ]}
        />
      </DocSection>

      <Examples page="validate" />
    </Stack>
  );
}
