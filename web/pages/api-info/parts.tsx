import {
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Spoiler,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  examplesOf,
  type ApiDocPage,
  type ApiExample,
  type HttpMethod,
} from '../../../common/api-examples';
import type { ErrorCode } from '../../../common/errors';
import { PageHeading } from '../../components/PageHeading';
import { curlCommand, httpRequest, httpResponse, statusLine } from './format';
import { apiInfoPath } from '../../lib/paths';

const METHOD_COLORS: Record<HttpMethod, string> = {
  GET: 'blue',
  POST: 'teal',
  PUT: 'orange',
  DELETE: 'red',
};

export function MethodBadge({ method, size = 'md' }: { method: HttpMethod; size?: 'xs' | 'md' }) {
  return (
    <Badge
      color={METHOD_COLORS[method]}
      variant="light"
      radius="sm"
      size={size}
      miw={size === 'xs' ? 44 : 64}
      // The light variant's own text shade is under 4.5:1 on its background (WCAG AA).
      c="dark.9"
    >
      {method}
    </Badge>
  );
}

/** The address examples are shown for: this server. */
export const siteOrigin = (): string => window.location.origin;

/** Code as a block; long blocks fold, and any block can be copied. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const long = code.split('\n').length > 24;
  const block = (
    // Focusable: at 390 px the lines scroll sideways, and a keyboard must reach what they hide.
    <Code
      block
      aria-label={label}
      tabIndex={0}
      style={{ tabSize: 2, whiteSpace: 'pre', overflowX: 'auto' }}
    >
      {code}
    </Code>
  );
  return (
    <Box pos="relative">
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant={copied ? 'filled' : 'default'}
            color={copied ? 'teal' : undefined}
            onClick={copy}
            pos="absolute"
            top={6}
            right={6}
            style={{ zIndex: 1 }}
            aria-label={`Copy ${label.toLowerCase()}`}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
      {long ? (
        <Spoiler maxHeight={340} showLabel="Show all" hideLabel="Show less">
          {block}
        </Spoiler>
      ) : (
        block
      )}
    </Box>
  );
}

/** The top of an endpoint page: title, what it is for, and the call itself. */
export function EndpointHeader({
  title,
  method,
  paths,
  children,
}: {
  title: string;
  method: HttpMethod;
  paths: string[];
  children: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <PageHeading>{title}</PageHeading>
      <Stack gap={6} aria-label="Endpoint">
        {paths.map((path) => (
          <Group key={path} gap="sm" wrap="nowrap">
            <MethodBadge method={method} />
            <Code fz="sm">{path}</Code>
          </Group>
        ))}
      </Stack>
      {children}
    </Stack>
  );
}

/** A part of a documentation page, headed at level 2. */
export function DocSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Stack component="section" gap="xs" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export interface Param {
  name: string;
  /** Required, Optional, or a short note; for fields, their type. */
  need: string;
  meaning: ReactNode;
}

/** Headers, query parameters or body fields, one per row, under a caption naming them. */
export function ParamTable({
  params,
  label,
  second = 'Needed',
}: {
  params: Param[];
  label: string;
  second?: 'Needed' | 'Type';
}) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table withTableBorder verticalSpacing="xs" captionSide="top">
        <Table.Caption ta="left" fw={600} c="gray.7" fz="sm" mt={0} mb={4}>
          {label}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="28%">Name</Table.Th>
            <Table.Th w="16%">{second}</Table.Th>
            <Table.Th>Meaning</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {params.map((param) => (
            <Table.Tr key={param.name}>
              <Table.Td>
                <Code>{param.name}</Code>
              </Table.Td>
              <Table.Td>{param.need}</Table.Td>
              <Table.Td>{param.meaning}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export type ErrorRow = [status: number, code: ErrorCode | ErrorCode[], when: ReactNode];

/** The error answers a call can give: status, stable code, and when. */
export function ErrorTable({ rows }: { rows: ErrorRow[] }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table withTableBorder verticalSpacing="xs" aria-label="Error answers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="22%">Status</Table.Th>
            <Table.Th w="28%">Code</Table.Th>
            <Table.Th>When</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([status, code, when]) => (
            <Table.Tr key={`${status}-${String(code)}`}>
              <Table.Td>{statusLine(status)}</Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  {(Array.isArray(code) ? code : [code]).map((c) => (
                    <Code key={c}>{c}</Code>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>{when}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One worked example: the request (as HTTP or curl) and the answer the server gives. */
export function ExampleView({ example }: { example: ApiExample }) {
  const origin = siteOrigin();
  const titleId = `${example.id}-title`;
  return (
    <Paper
      component="article"
      id={example.id}
      aria-labelledby={titleId}
      withBorder
      p="lg"
      style={{ scrollMarginTop: 16 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={titleId}>
            {example.title}
          </Title>
          <Badge
            variant="outline"
            color={example.response.status < 400 ? 'teal' : 'red'}
            style={{ flexShrink: 0 }}
          >
            {example.response.status}
          </Badge>
        </Group>
        <Text size="sm">{example.description}</Text>
        <Tabs defaultValue="http" variant="outline">
          <Tabs.List>
            <Tabs.Tab value="http">HTTP</Tabs.Tab>
            <Tabs.Tab value="curl">curl</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="http" pt="xs">
            <CodeBlock label="Request" code={httpRequest(example, origin)} />
          </Tabs.Panel>
          <Tabs.Panel value="curl" pt="xs">
            <CodeBlock label="curl command" code={curlCommand(example, origin)} />
          </Tabs.Panel>
        </Tabs>
        <Text size="sm" fw={600}>
          Response
        </Text>
        <CodeBlock label="Response" code={httpResponse(example, origin)} />
      </Stack>
    </Paper>
  );
}

/** Every example of a page, under an Examples heading. */
export function Examples({ page, intro }: { page: ApiDocPage; intro?: ReactNode }) {
  const examples = examplesOf(page);
  return (
    <DocSection title="Examples">
      <Text size="sm" c="dimmed">
        {intro ?? 'These examples follow one another: later ones use what earlier ones created.'}{' '}
        Values in braces, such as <Code>{'{api_key}'}</Code>, stand for your own; they are explained
        under{' '}
        <Anchor component={Link} to={apiInfoPath('', 'placeholders')}>
          About the examples
        </Anchor>
        . Every example here is run against the server by its tests, so the answers shown are the
        answers you get.
      </Text>
      <Stack gap="md">
        {examples.map((example) => (
          <ExampleView key={example.id} example={example} />
        ))}
      </Stack>
    </DocSection>
  );
}
