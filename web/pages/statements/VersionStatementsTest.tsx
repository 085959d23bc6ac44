import { Alert, Anchor, Center, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useVersionDocument } from '../../api/profiles';
import { readBatch } from '../../components/statements/read-json';
import { StatementTextarea } from '../../components/statements/StatementTextarea';
import { Verdict } from '../../components/statements/Verdict';
import { ErrorAlert } from '../../components/parts';
import { BatchResults } from './BatchResults';
import { checkableVersion, checkBatch, type CheckableVersion } from './batch-check';
import { readHandoff } from './handoff';

/** How long typing pauses before the batch is checked again. */
export const BATCH_CHECK_DELAY_MS = 400;
export const BATCH_LABEL = 'Statements to test';
export const UNREADABLE_DOCUMENT =
  "This version's document cannot be read as a profile, so statements cannot be tested against it.";

function BatchCheck({ version, initialText }: { version: CheckableVersion; initialText: string }) {
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
      {result && <BatchResults result={result} names={version.names} />}
    </Stack>
  );
}

/**
 * {version path}/test: a batch of statements checked against the version's templates and primary
 * patterns, in the browser, from the version's exported document.
 */
export function VersionStatementsTest({
  profileId,
  versionId,
  backPath,
}: {
  profileId: string;
  versionId: string;
  backPath: string;
}) {
  const document = useVersionDocument(profileId, versionId);
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
        <BatchCheck version={version} initialText={handoff?.statementsText ?? ''} />
      ) : (
        <Text role="alert">{UNREADABLE_DOCUMENT}</Text>
      )}
    </Stack>
  );
}
