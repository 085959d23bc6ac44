import { Anchor, Code, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorCode } from '../../../common/errors';
import { PageHeading } from '../../components/PageHeading';
import {
  DocSection,
  EndpointHeader,
  ErrorTable,
  Examples,
  MethodBadge,
  ParamTable,
  type ErrorRow,
} from './parts';
import {
  ACCEPT,
  BAD_UUID,
  CONDITIONAL,
  DOCUMENT_ERRORS,
  LIMIT_ERRORS,
  METADATA_LINK,
  READ_KEY,
  UUID_PARAM,
} from './shared-params';
import { apiInfoPath } from '../../lib/paths';

const WAYS = [
  {
    to: apiInfoPath('get/single'),
    title: 'Single',
    path: '/api/profile/{uuid}',
    text: 'One profile document, by the uuid of the profile or of one of its versions.',
  },
  {
    to: apiInfoPath('get/by-iri'),
    title: 'By IRI',
    path: '/api/profile?iri={iri}',
    text: 'One profile document, by the IRI of the profile or of one of its versions.',
  },
  {
    to: apiInfoPath('get/many'),
    title: 'Many',
    path: '/api/profile?workinggroup=&limit=&page=',
    text: 'The metadata of published profiles, a page at a time, of one working group or all.',
  },
];

/** /api-info/get: the three ways to read profiles. */
export function GetOverviewPage() {
  return (
    <Stack gap="lg">
      <PageHeading>Get a Profile</PageHeading>
      <Text>
        Published profiles are public: reading them needs no key. Drafts are visible only with a
        read key of their working group. There are three ways in:
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {WAYS.map((way) => (
          <Paper key={way.to} withBorder p="md">
            <Stack gap="xs">
              <Title order={2} size="h4">
                <Anchor component={Link} to={way.to}>
                  {way.title}
                </Anchor>
              </Title>
              <Stack gap={4}>
                <MethodBadge method="GET" size="xs" />
                <Code style={{ wordBreak: 'break-all' }}>{way.path}</Code>
              </Stack>
              <Text size="sm">{way.text}</Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /api-info/get/single */
export function GetSinglePage() {
  return (
    <Stack gap="xl">
      <EndpointHeader title="Get a Single Profile" method="GET" paths={['/api/profile/{uuid}']}>
        <Text>
          Answers a profile document. The uuid of a profile gives its current published version; the
          uuid of a version gives that version. A draft is answered only to a read key of its
          working group.
        </Text>
      </EndpointHeader>

      <DocSection title="Request">
        <ParamTable label="Path" params={[UUID_PARAM]} />
        <ParamTable label="Headers" params={[ACCEPT, READ_KEY, ...CONDITIONAL]} />
      </DocSection>

      <DocSection title="Response">
        <Text>
          <Code>200</Code> with the document, in the format <Code>Accept</Code> asked for. Its{' '}
          <Code>Last-Modified</Code> (an HTTP date) and <Code>ETag</Code> headers tell later
          requests which copy you have; <Code>304</Code> when a conditional request finds it
          unchanged.
        </Text>
        <ErrorTable rows={[BAD_UUID, ...DOCUMENT_ERRORS]} />
      </DocSection>

      <Examples page="get-single" />
    </Stack>
  );
}

/** /api-info/get/by-iri */
export function GetByIriPage() {
  return (
    <Stack gap="xl">
      <EndpointHeader title="Get a Profile by IRI" method="GET" paths={['/api/profile?iri={iri}']}>
        <Text>
          Answers a profile document by IRI. The IRI of a profile gives its current published
          version; the IRI of a version gives that version. As for a single profile, a draft is
          answered only to a read key of its working group.
        </Text>
      </EndpointHeader>

      <DocSection title="Request">
        <ParamTable
          label="Query"
          params={[
            {
              name: 'iri',
              need: 'Required',
              meaning:
                'The IRI of a profile or of a version, URL-encoded (at most 2000 characters).',
            },
          ]}
        />
        <ParamTable label="Headers" params={[ACCEPT, READ_KEY, ...CONDITIONAL]} />
      </DocSection>

      <DocSection title="Response">
        <Text>
          The same as{' '}
          <Anchor component={Link} to={apiInfoPath('get/single')}>
            Get a Single Profile
          </Anchor>
          : the document with <Code>Last-Modified</Code> and <Code>ETag</Code>, or <Code>304</Code>.
        </Text>
        <ErrorTable
          rows={[
            [400, ErrorCode.ValidationFailed, 'The iri parameter is empty or too long.'],
            ...DOCUMENT_ERRORS.map((row): ErrorRow =>
              row[0] === 404
                ? [
                    404,
                    ErrorCode.NotFound,
                    'No published profile or version has this IRI, or it is a draft you may not see.',
                  ]
                : row,
            ),
          ]}
        />
      </DocSection>

      <Examples page="get-by-iri" />
    </Stack>
  );
}

/** /api-info/get/many */
export function GetManyPage() {
  return (
    <Stack gap="xl">
      <EndpointHeader
        title="Get Many Profiles"
        method="GET"
        paths={['/api/profile?workinggroup={working_group_uuid}&limit=10&page=1']}
      >
        <Text>
          Lists published profiles, sorted by name, a page at a time: for each, the metadata of its
          current published version. Drafts are never listed.
        </Text>
      </EndpointHeader>

      <DocSection title="Request">
        <ParamTable
          label="Query"
          params={[
            {
              name: 'workinggroup',
              need: 'Optional',
              meaning: 'The uuid of a working group: only its profiles. Without it, every profile.',
            },
            {
              name: 'limit',
              need: 'Optional',
              meaning: 'Profiles per page, 1 to 100; 10 by default.',
            },
            { name: 'page', need: 'Optional', meaning: 'Which page, from 1 (the default).' },
          ]}
        />
      </DocSection>

      <DocSection title="Response">
        <Text>
          <Code>200</Code> with <Code>success</Code>, <Code>metadata</Code> (the page&apos;s
          profiles, each as {METADATA_LINK} describes), <Code>page</Code>, <Code>limit</Code> and{' '}
          <Code>total</Code> (how many profiles there are in all). A page past the end is empty.
        </Text>
        <ErrorTable
          rows={[
            [
              400,
              ErrorCode.ValidationFailed,
              'workinggroup is not a uuid, or limit or page is out of range.',
            ],
            [401, ErrorCode.Unauthorized, 'The key sent is unknown or disabled.'],
            ...LIMIT_ERRORS,
          ]}
        />
      </DocSection>

      <Examples page="get-many" />
    </Stack>
  );
}
