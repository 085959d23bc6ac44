import { Anchor, Code, List, Stack, Table, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PLACEHOLDERS, examplesOf } from '../../../common/api-examples';
import { ErrorCode } from '../../../common/errors';
import { PageHeading } from '../../components/PageHeading';
import { CodeBlock, DocSection, ErrorTable, ExampleView, siteOrigin, type ErrorRow } from './parts';
import { organizationsPath } from '../../lib/paths';

const ERROR_CODES: ErrorRow[] = [
  [
    400,
    [ErrorCode.BadRequest, ErrorCode.ValidationFailed],
    'The request is malformed (the message names the field), or the profile is not valid (findings list every problem).',
  ],
  [
    401,
    ErrorCode.Unauthorized,
    'The call needs a key and none was sent, or the key sent is unknown or disabled.',
  ],
  [
    403,
    ErrorCode.Forbidden,
    'The key lacks the permission the call needs, or the profile belongs to another working group.',
  ],
  [
    404,
    ErrorCode.NotFound,
    'No such profile or version — or a draft you may not see: drafts do not exist for anyone outside their working group.',
  ],
  [405, ErrorCode.MethodNotAllowed, 'Deleting a version that is not a draft.'],
  [
    406,
    ErrorCode.NotAcceptable,
    'The Accept header asks for a format the document does not come in.',
  ],
  [
    409,
    ErrorCode.Conflict,
    'The change clashes with what is stored: an IRI already in use, a draft that already exists, or a version that is no longer a draft.',
  ],
  [
    412,
    ErrorCode.PreconditionFailed,
    'The draft changed after the date in If-Unmodified-Since (or no longer has the ETag in If-Match).',
  ],
  [413, ErrorCode.PayloadTooLarge, 'The body is larger than 5 MB.'],
  [
    415,
    ErrorCode.UnsupportedMediaType,
    'The body has a content type the API does not read: send application/json or application/ld+json.',
  ],
  [428, ErrorCode.PreconditionRequired, 'An edit without If-Unmodified-Since.'],
  [429, ErrorCode.RateLimited, 'Too many requests: wait the number of seconds in Retry-After.'],
  [
    500,
    ErrorCode.Internal,
    'Something failed on the server. The x-request-id header of the answer helps its operators find out what.',
  ],
];

const ERROR_SHAPE = `{
  "success": false,
  "message": "What went wrong, for people to read.",
  "code": "A stable code from the table below, for programs",
  "findings": [
    {
      "ruleId": "C2",
      "severity": "error",
      "path": "/versions/0",
      "message": "What is wrong there and how to fix it (only when a profile is not valid)."
    }
  ]
}`;

const WHO_MAY_CALL: Array<[string, string]> = [
  ['Read a published profile, its metadata or the list of published profiles', 'No key'],
  ['Read a draft or its metadata', 'A key of its working group with read permission'],
  [
    'Import, edit, delete a draft, publish, ask for verification',
    'A key of the working group with write permission',
  ],
  ['Validate a document', 'No key'],
];

/** Scrolls to the part a link such as /api-info#placeholders names. */
function useHashTarget() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
}

/** /api-info: what every call of the public API has in common. */
export function GettingStartedPage() {
  useHashTarget();
  const origin = siteOrigin();
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <PageHeading>Getting Started</PageHeading>
        <Text>
          The public API lets tools and profile repositories read the xAPI Profiles published on
          this server, import and maintain the profiles of their working group, and check a profile
          document against the xAPI Profiles specification. It answers JSON; profile documents are
          JSON-LD. Every path starts with <Code>{`${origin}/api`}</Code>.
        </Text>
        <Text>
          For the complete, machine-readable description, see the{' '}
          <Anchor href="/api/openapi.json">OpenAPI 3 document</Anchor>; to try calls from your
          browser, open the <Anchor href="/api/reference/">interactive API reference</Anchor>.
        </Text>
      </Stack>

      <DocSection title="API keys">
        <Text>
          Reading what is published and validating a document need no key. Everything else needs a
          key of the working group that owns the profile, sent with each request in the{' '}
          <Code>x-api-key</Code> header:
        </Text>
        <CodeBlock label="Key header" code="x-api-key: {api_key}" />
        <List spacing={6}>
          <List.Item>
            An admin of the working group creates keys on the group&apos;s <strong>API Keys</strong>{' '}
            tab (open the group from{' '}
            <Anchor component={Link} to={organizationsPath()}>
              Working Groups
            </Anchor>
            ). The whole key is shown only once, when it is created: copy it then.
          </List.Item>
          <List.Item>
            Each key has <strong>read</strong> permission, <strong>write</strong> permission or
            both. Read lets it see the group&apos;s drafts; write lets it import profiles into the
            group and edit, delete, publish and submit them.
          </List.Item>
          <List.Item>
            An admin can <strong>disable</strong> a key: it is then refused (401) until it is
            enabled again. Deleting a key ends it for good.
          </List.Item>
          <List.Item>
            The key is the only credential: no sign-in, no cookies and no CSRF token. Keep it on
            your server, never in a web page or a public repository.
          </List.Item>
        </List>
        <Table withTableBorder verticalSpacing="xs" aria-label="Who may call what">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>To</Table.Th>
              <Table.Th>You need</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {WHO_MAY_CALL.map(([what, need]) => (
              <Table.Tr key={what}>
                <Table.Td>{what}</Table.Td>
                <Table.Td>{need}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </DocSection>

      <DocSection title="Errors">
        <Text>
          Every error is answered with the same JSON shape. <Code>message</Code> is written for
          people and may change; <Code>code</Code> is for programs and keeps its meaning. When a
          profile is not valid, <Code>findings</Code> lists each problem: the rule of the
          specification it breaks, its severity, where it is (a JSON Pointer into the document) and
          what to do.
        </Text>
        <CodeBlock label="Error shape" code={ERROR_SHAPE} />
        <ErrorTable rows={ERROR_CODES} />
        {examplesOf('getting-started').map((example) => (
          <ExampleView key={example.id} example={example} />
        ))}
      </DocSection>

      <DocSection title="Limits">
        <List spacing={6}>
          <List.Item>A request body may be up to 5 MB; a larger one is refused with 413.</List.Item>
          <List.Item>
            The server accepts a limited number of requests per minute for each key and for each
            client address (unless its operators chose otherwise, 1,200 per key and 600 per
            address). Beyond that it answers 429 with a <Code>Retry-After</Code> header: the number
            of seconds to wait before trying again.
          </List.Item>
        </List>
      </DocSection>

      <DocSection title="Formats">
        <Text>
          Send bodies as <Code>application/json</Code> or <Code>application/ld+json</Code>. Profile
          documents come in the format the <Code>Accept</Code> header asks for:
        </Text>
        <List spacing={6}>
          <List.Item>
            <Code>application/ld+json</Code> or <Code>application/json</Code> (the default): the
            JSON-LD document;
          </List.Item>
          <List.Item>
            <Code>text/turtle</Code>: the same data as RDF Turtle;
          </List.Item>
          <List.Item>anything else: 406.</List.Item>
        </List>
        <Text>
          Documents carry <Code>Last-Modified</Code> and <Code>ETag</Code> headers; send them back
          in <Code>If-Modified-Since</Code> or <Code>If-None-Match</Code> and an unchanged document
          is answered with 304 and no body.
        </Text>
        <Text>
          The pages of this site that show a profile or a version — the <Code>profile_url</Code> and{' '}
          <Code>version_url</Code> of its metadata, such as{' '}
          <Code>{`${origin}/profile/{profile_uuid}`}</Code> — answer with the JSON-LD document or
          Turtle to clients that ask for them in <Code>Accept</Code>, and with the page to browsers.
          Published profiles only.
        </Text>
      </DocSection>

      <DocSection title="Calls from web pages (CORS)">
        <Text>
          Web pages on any site may read published profiles (every <Code>GET</Code> call) and
          validate documents (<Code>POST /api/validate</Code>); the answers let them read the{' '}
          <Code>Last-Modified</Code>, <Code>ETag</Code> and <Code>Retry-After</Code> headers. Calls
          that change profiles are not open to other sites: they need your key, so make them from
          your server.
        </Text>
      </DocSection>

      <DocSection title="About the examples">
        <Text id="placeholders" style={{ scrollMarginTop: 16 }}>
          The examples on these pages follow one story: a working group imports a Reading profile,
          reads it back, drafts, edits and deletes its next version, and imports and publishes a
          second profile. Values in braces stand for what you have or what the server chose:
        </Text>
        <Table withTableBorder verticalSpacing="xs" aria-label="Placeholders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="30%">Placeholder</Table.Th>
              <Table.Th>Stands for</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Object.entries(PLACEHOLDERS)
              .filter(([name]) => name !== 'site')
              .map(([name, { meaning }]) => (
                <Table.Tr key={name}>
                  <Table.Td>
                    <Code>{`{${name}}`}</Code>
                  </Table.Td>
                  <Table.Td>{meaning}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </DocSection>
    </Stack>
  );
}
