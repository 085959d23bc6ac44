import { Code, List, Stack, Text } from '@mantine/core';
import { ErrorCode } from '../../../common/errors';
import { DocSection, EndpointHeader, ErrorTable, Examples, ParamTable } from './parts';
import {
  CONTENT_TYPE,
  KEY_ERRORS,
  LIMIT_ERRORS,
  METADATA_LINK,
  WRITE_KEY,
  profileBody,
} from './shared-params';

/** /api-info/post */
export function ImportPage() {
  return (
    <Stack gap="xl">
      <EndpointHeader title="Import/Create Profile" method="POST" paths={['/api/profile']}>
        <Text>
          Imports an xAPI Profile document into the working group of your key. What happens depends
          on the profile&apos;s IRI (its <Code>id</Code>):
        </Text>
        <List spacing={6}>
          <List.Item>
            An IRI new to this server creates a profile in your working group, with the document as
            its version 1.
          </List.Item>
          <List.Item>
            The IRI of a profile your group owns adds its next version. The document&apos;s{' '}
            <Code>versions</Code> must continue the stored history: <Code>versions[0]</Code> is the
            new version, <Code>versions[1]</Code> must be the current published version, and{' '}
            <Code>versions[0].wasRevisionOf</Code> must include it.
          </List.Item>
        </List>
        <Text>
          The version is published straight away unless you ask for a draft. The document is checked
          as Validate Profile does; an invalid one is refused and nothing is stored.
        </Text>
      </EndpointHeader>

      <DocSection title="Request">
        <ParamTable label="Headers" params={[WRITE_KEY, CONTENT_TYPE]} />
        <Text>The body is a JSON object:</Text>
        <ParamTable label="Body" params={profileBody(true)} />
      </DocSection>

      <DocSection title="Response">
        <Text>
          <Code>200</Code> with <Code>{'{ "success": true, "metadata": { … } }'}</Code>: the
          metadata of the new version, as {METADATA_LINK} describes it. The{' '}
          <Code>Last-Modified</Code> header is what an edit of a draft needs in{' '}
          <Code>If-Unmodified-Since</Code>; keep it.
        </Text>
        <ErrorTable
          rows={[
            [
              400,
              [ErrorCode.ValidationFailed, ErrorCode.BadRequest],
              'The document is not a valid profile (findings list every problem), or the body is not { "profile": … }.',
            ],
            ...KEY_ERRORS,
            [403, ErrorCode.Forbidden, 'The key has no write permission.'],
            [
              409,
              ErrorCode.Conflict,
              'The profile or version IRI is taken by a profile of another working group (the answer is the same whether that profile is published or a draft); the profile already has a draft (edit, publish or delete that first); the IRI of the version is taken by your own profile; versions do not continue the stored history; or a concept, template or pattern belongs to another profile.',
            ],
            [413, ErrorCode.PayloadTooLarge, 'The body is larger than 5 MB.'],
            ...LIMIT_ERRORS,
          ]}
        />
      </DocSection>

      <Examples page="post" />
    </Stack>
  );
}
