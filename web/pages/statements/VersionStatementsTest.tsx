import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Profile, ProfileVersion } from '../../../common/profiles';
import type { StreamResult } from '../../../xapi/index';
import type { PatternIndex } from '../../../xapi/docs/pattern-tree';
import { useVersionDocument } from '../../api/profiles';
import type { VersionPaths } from '../../components/items/ItemsListPage';
import type { LinkTo } from '../../components/patterns/diagram-source';
import { RegistrationDiagram } from '../../components/patterns/LazyDiagrams';
import { patternIndexOf, useDiagramLinks } from '../../components/patterns/diagram-source';
import { readBatch } from '../../components/statements/read-json';
import { StatementTextarea } from '../../components/statements/StatementTextarea';
import { Verdict } from '../../components/statements/Verdict';
import { ErrorAlert } from '../../components/parts';
import { BatchResults } from './BatchResults';
import {
  checkableVersion,
  checkBatch,
  type BatchResult,
  type CheckableVersion,
} from './batch-check';
import { readHandoff } from './handoff';

/** How long typing pauses before the batch is checked again. */
export const BATCH_CHECK_DELAY_MS = 400;
export const BATCH_LABEL = 'Statements to test';
export const UNREADABLE_DOCUMENT =
  "This version's document cannot be read as a profile, so statements cannot be tested against it.";

/** The primary pattern a registration's verdict speaks of, else the one that got furthest. */
function streamPattern(stream: StreamResult) {
  if (stream.patternId) return stream.patternId;
  const furthest = [...stream.patterns].sort((a, b) => b.trace.consumed - a.trace.consumed)[0];
  return furthest?.patternId;
}

/** Registrations drawn at once; the others are drawn on request, so a large batch stays quick. */
export const DRAWN_AT_ONCE = 10;

/** A registration's path on its pattern: drawn at once for the first few, else on request. */
function StreamPath({
  stream,
  position,
  result,
  index,
  linkTo,
  regular,
}: {
  stream: StreamResult;
  position: number;
  result: BatchResult;
  index: PatternIndex;
  linkTo: LinkTo;
  regular: boolean;
}) {
  const [open, setOpen] = useState(position < DRAWN_AT_ONCE);
  const patternId = streamPattern(stream);
  if (!patternId) return null;
  const label = stream.registration ? `registration ${stream.registration}` : 'these statements';
  if (!open)
    return (
      <Group>
        <Button variant="default" size="compact-sm" onClick={() => setOpen(true)}>
          Draw the path of {label}
        </Button>
      </Group>
    );
  const templates = stream.statements.map((i) => {
    const v = result.statements[i];
    return v && v.outcome !== 'not-a-statement' ? v.matched : [];
  });
  return (
    <RegistrationDiagram
      index={index}
      patternId={patternId}
      templates={templates}
      linkTo={linkTo}
      label={label}
      showPath={!regular}
    />
  );
}

function streamDiagram(result: BatchResult, index: PatternIndex, linkTo: LinkTo, regular: boolean) {
  const positions = new Map(result.patterns.streams.map((s, i) => [s, i]));
  return function drawn(stream: StreamResult) {
    return (
      <StreamPath
        stream={stream}
        position={positions.get(stream) ?? 0}
        result={result}
        index={index}
        linkTo={linkTo}
        regular={regular}
      />
    );
  };
}

function BatchCheck({
  version,
  initialText,
  index,
  linkTo,
}: {
  version: CheckableVersion;
  initialText: string;
  index: PatternIndex | undefined;
  linkTo: LinkTo;
}) {
  const [text, setText] = useState(initialText);
  const [ignoreCategory, setIgnoreCategory] = useState(false);
  const [regular, setRegular] = useState(false);
  const [typed] = useDebouncedValue(text, BATCH_CHECK_DELAY_MS);
  const read = useMemo(() => (typed.trim() === '' ? undefined : readBatch(typed)), [typed]);
  const result = useMemo(
    () =>
      read?.ok
        ? checkBatch(read.statements, version, {
            ignoreCategory,
            semantics: regular ? 'regular' : 'greedy',
          })
        : undefined,
    [read, version, ignoreCategory, regular],
  );
  return (
    <Stack gap="md">
      <StatementTextarea
        label={BATCH_LABEL}
        description='One statement, an array of statements, or an LRS answer {"statements": [...]}; up to 1,000 statements and 2 MB. They are checked in your browser.'
        value={text}
        onChange={setText}
      />
      <Group gap="lg">
        <Checkbox
          label="Check every statement against the patterns, whatever its category"
          checked={ignoreCategory}
          onChange={(e) => setIgnoreCategory(e.currentTarget.checked)}
        />
        <Checkbox
          label="Read patterns as regular expressions (with backtracking)"
          checked={regular}
          onChange={(e) => setRegular(e.currentTarget.checked)}
        />
      </Group>
      {read && !read.ok && (
        <div role="status" aria-live="polite">
          <Verdict kind="failed" label={read.message} />
        </div>
      )}
      {result && (
        <BatchResults
          result={result}
          names={version.names}
          diagram={index ? streamDiagram(result, index, linkTo, regular) : undefined}
        />
      )}
    </Stack>
  );
}

/**
 * {version path}/test: a batch of statements checked against the version's templates and primary
 * patterns, in the browser, from the version's exported document.
 */
export function VersionStatementsTest({
  profile,
  version: shown,
  paths,
  backPath,
}: {
  profile: Profile;
  version: ProfileVersion;
  paths: VersionPaths;
  backPath: string;
}) {
  const document = useVersionDocument(profile.uuid, shown.uuid);
  const linkTo = useDiagramLinks(profile, shown, paths);
  const index = useMemo(
    () => (document.data === undefined ? undefined : patternIndexOf(document.data)),
    [document.data],
  );
  // Statements handed over by another page (Generate Statements) arrive filled in.
  const handoff = readHandoff(useLocation().state);
  const version = useMemo(
    () => (document.data === undefined ? undefined : checkableVersion(document.data)),
    [document.data],
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          Test Statements
        </Title>
        <Anchor component={Link} to={backPath} size="sm">
          Back to the profile
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        Which statement templates each statement matches, and for each registration whether a
        primary pattern is followed.
      </Text>
      {handoff && (
        <Alert color="blue" title="Statements handed over">
          {handoff.note}
        </Alert>
      )}
      {document.error ? (
        <ErrorAlert error={document.error} title="Could not load the profile document" />
      ) : document.data === undefined ? (
        <Center py="xl">
          <Loader role="progressbar" aria-label="Loading the profile document" />
        </Center>
      ) : version ? (
        <BatchCheck
          version={version}
          initialText={handoff?.statementsText ?? ''}
          index={index}
          linkTo={linkTo}
        />
      ) : (
        <Text role="alert">{UNREADABLE_DOCUMENT}</Text>
      )}
    </Stack>
  );
}
