import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Checkbox,
  Code,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Fragment, useEffect, useMemo, useRef, useState, type FormEvent, type Ref } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Profile, ProfileVersion } from '../../../common/profiles';
import { SIMULATION_LIMITS } from '../../../common/simulate';
import { useHarvestQueue, useImportFile } from '../../api/harvest';
import { useVersionPatterns } from '../../api/patterns';
import { useVersionDocument } from '../../api/profiles';
import {
  simulationProblemsOf,
  useSimulate,
  type SimulationProblemView,
  type SiteSimulateInput,
  type SiteSimulation,
} from '../../api/simulate';
import { useVersionTemplates } from '../../api/templates';
import type { VersionPaths } from '../../components/items/ItemsListPage';
import { ErrorAlert, messageOf } from '../../components/parts';
import { isCurrentVersion, isMemberOf } from '../../lib/profiles';
import { saveFile } from '../../lib/save-file';
import { GeneratedPaths } from './GeneratedPaths';
import { LearnerChoices, NO_LEARNER_FIELDS, learnersOf } from './LearnerChoices';
import { ModelChoices, modelOf } from './ModelChoices';
import { batchText, handoffState, wholeRegistrations } from './handoff';
import { SendToLrs } from './SendToLrs';

/** How many statements the preview shows; downloads and hand-offs carry all of them. */
export const PREVIEW_COUNT = 20;
export const GENERATE_TITLE = 'Generate Statements';
const DEFAULT_START = '2025-01-01T00:00';

type Json = Record<string, unknown>;

interface PrimaryPattern {
  iri: string;
  name: string;
}

const nameOf = (label: unknown): string | undefined => {
  if (typeof label !== 'object' || label === null) return undefined;
  const map = label as Record<string, unknown>;
  const text = map.en ?? map['en-US'] ?? Object.values(map)[0];
  return typeof text === 'string' ? text : undefined;
};

/** The document's names of templates and patterns, and its primary patterns in order. */
function readDocument(document: unknown) {
  const names = new Map<string, string>();
  const primary: PrimaryPattern[] = [];
  const doc = (typeof document === 'object' && document !== null ? document : {}) as Json;
  for (const key of ['templates', 'patterns'] as const) {
    const items = Array.isArray(doc[key]) ? (doc[key] as unknown[]) : [];
    for (const item of items) {
      if (typeof item !== 'object' || item === null) continue;
      const { id, prefLabel, primary: isPrimary } = item as Json;
      if (typeof id !== 'string') continue;
      const name = nameOf(prefLabel) ?? id;
      names.set(id, name);
      if (key === 'patterns' && isPrimary === true) primary.push({ iri: id, name });
    }
  }
  return { names, primary };
}

/** A random seed to start from: the person may keep it, change it, or write one of their own. */
const freshSeed = () => Math.random().toString(36).slice(2, 10);

/** "2025-01-01T00:00" from the form, read as UTC. */
const utc = (local: string): string | undefined =>
  local.trim() === '' ? undefined : `${local.length === 16 ? `${local}:00` : local}Z`;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const registrationOf = (statement: Json): string =>
  text((statement.context as Json | undefined)?.registration);
const actorOf = (statement: Json): string => {
  const actor = (statement.actor ?? {}) as Json;
  return text(actor.name) || text(actor.mbox);
};
const verbOf = (statement: Json): string => {
  const verb = (statement.verb ?? {}) as Json;
  return nameOf(verb.display) ?? text(verb.id);
};

/** Where each template and pattern of the version has its page, by IRI (from its lists). */
function useItemPages(profile: Profile, version: ProfileVersion, paths: VersionPaths) {
  const params = { page: 1, limit: 100, sort: 'name' as const };
  const templates = useVersionTemplates(profile.uuid, version.uuid, params);
  const patterns = useVersionPatterns(profile.uuid, version.uuid, params);
  return useMemo(() => {
    const pages = new Map<string, string>();
    for (const row of templates.data?.templates ?? []) {
      pages.set(row.iri, paths(version.uuid, `templates/${encodeURIComponent(row.uuid)}`));
    }
    for (const row of patterns.data?.patterns ?? []) {
      pages.set(row.iri, paths(version.uuid, `patterns/${encodeURIComponent(row.uuid)}`));
    }
    return pages;
  }, [templates.data, patterns.data, paths, version.uuid]);
}

function ItemLink({
  iri,
  names,
  pages,
}: {
  iri: string;
  names: Map<string, string>;
  pages: Map<string, string>;
}) {
  const name = names.get(iri) ?? iri;
  const page = pages.get(iri);
  return page ? (
    <Anchor component={Link} to={page} size="sm">
      {name}
    </Anchor>
  ) : (
    <Text span size="sm" title={iri}>
      {name}
    </Text>
  );
}

/** Why the version cannot be simulated, one line per template or pattern, linked where possible. */
function Problems({
  problems,
  names,
  pages,
  title,
  color,
}: {
  problems: SimulationProblemView[];
  names: Map<string, string>;
  pages: Map<string, string>;
  title: string;
  color: string;
}) {
  return (
    <Alert color={color} title={title} role="alert">
      <List size="sm" spacing={4}>
        {problems.map((p, i) => (
          <List.Item key={`${p.id}-${p.ruleIndex ?? ''}-${i}`}>
            {p.kind === 'template' || p.kind === 'pattern' ? (
              <>
                {p.kind === 'template' ? 'Template ' : 'Pattern '}
                <ItemLink iri={p.id} names={names} pages={pages} />
              </>
            ) : (
              <Text span size="sm">
                {p.kind === 'profile' ? 'The profile' : 'The choices'}
              </Text>
            )}
            {p.ruleIndex !== undefined && `, rule ${p.ruleIndex + 1}`}
            {p.location && (
              <>
                {' '}
                (<Code>{p.location}</Code>)
              </>
            )}
            : {p.reason}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function Preview({
  answer,
  names,
  pages,
}: {
  answer: SiteSimulation;
  names: Map<string, string>;
  pages: Map<string, string>;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const shown = answer.statements.slice(0, PREVIEW_COUNT);
  return (
    // Seven columns do not fit a phone: the table scrolls sideways in a region the keyboard can
    // reach and scroll (the theme's scroll container), named for what it holds.
    <Table.ScrollContainer
      minWidth={720}
      role="region"
      aria-label="Generated statements, scrolling sideways"
    >
      <Table striped verticalSpacing="xs" aria-label="Generated statements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">#</Table.Th>
            <Table.Th scope="col">Timestamp</Table.Th>
            <Table.Th scope="col">Actor</Table.Th>
            <Table.Th scope="col">Verb</Table.Th>
            <Table.Th scope="col">Template</Table.Th>
            <Table.Th scope="col">Pattern and registration</Table.Th>
            <Table.Th scope="col">JSON</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((statement, i) => {
            const origin = answer.origins[i];
            const expanded = open === i;
            const jsonId = `generated-statement-${i + 1}`;
            return (
              <Fragment key={text(statement.id) || i}>
                <Table.Tr>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {text(statement.timestamp)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{actorOf(statement)}</Table.Td>
                  <Table.Td>{verbOf(statement)}</Table.Td>
                  <Table.Td>
                    {origin && <ItemLink iri={origin.template} names={names} pages={pages} />}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      {origin && <ItemLink iri={origin.pattern} names={names} pages={pages} />}
                      <Text size="xs" c="dimmed" ff="monospace">
                        {registrationOf(statement)}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="default"
                      size="compact-sm"
                      aria-expanded={expanded}
                      aria-controls={expanded ? jsonId : undefined}
                      aria-label={`${expanded ? 'Hide' : 'Show'} the JSON of statement ${i + 1}`}
                      onClick={() => setOpen(expanded ? null : i)}
                    >
                      {expanded ? 'Hide' : 'Show'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Code
                        block
                        id={jsonId}
                        aria-label={`JSON of statement ${i + 1}`}
                        tabIndex={0}
                        mah={400}
                        style={{ overflow: 'auto' }}
                      >
                        {JSON.stringify(statement, null, 2)}
                      </Code>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const fileStem = (profile: Profile, version: ProfileVersion) =>
  `${(version.name || profile.uuid).replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'profile'}-v${version.version}-statements`;

/** What to do with a run: download it, test it, queue it. */
function Results({
  answer,
  input,
  profile,
  version,
  paths,
  names,
  pages,
  document,
  headingRef,
}: {
  answer: SiteSimulation;
  /** The results' heading, which takes the focus when they arrive. */
  headingRef: Ref<HTMLHeadingElement>;
  /** The version's document, to draw each registration's path on its pattern. */
  document?: unknown;
  /** The choices that made it, to make it again for an LRS. */
  input: SiteSimulateInput;
  profile: Profile;
  version: ProfileVersion;
  paths: VersionPaths;
  names: Map<string, string>;
  pages: Map<string, string>;
}) {
  const navigate = useNavigate();
  const importer = isMemberOf(profile) && isCurrentVersion(profile, version);
  const queue = useHarvestQueue(profile.uuid, version.uuid, importer);
  const importFile = useImportFile(profile.uuid, version.uuid);
  const [queueing, setQueueing] = useState(false);
  const [queueError, setQueueError] = useState<unknown>(null);
  const { statements } = answer;
  const registrations = new Set(statements.map(registrationOf)).size;
  const actors = new Set(statements.map(actorOf)).size;
  const stem = fileStem(profile, version);

  const forTest = wholeRegistrations(statements);
  const forQueue = wholeRegistrations(
    statements,
    queue.data?.maxStatements ?? 1000,
    Number.MAX_SAFE_INTEGER,
  );
  const part = (kept: number, total: number) =>
    kept === total ? '' : ` (the first ${kept} of ${total} registrations, each whole)`;

  const openInTest = () => {
    const note = `${forTest.statements.length} statements generated from this version${part(forTest.kept, forTest.total)}.`;
    void navigate(paths(version.uuid, 'test'), {
      state: handoffState({ statementsText: batchText(forTest.statements), note }),
    });
  };

  const addToQueue = async () => {
    setQueueing(true);
    setQueueError(null);
    try {
      const text = JSON.stringify(forQueue.statements);
      const result = await importFile({
        fileName: `${stem}.json`,
        text,
        parsed: forQueue.statements,
      });
      const file = result.kind === 'statements' ? result.file.id : undefined;
      void navigate(
        file === undefined
          ? paths(version.uuid, 'queue')
          : `${paths(version.uuid, 'queue')}?file=${encodeURIComponent(file)}`,
      );
    } catch (error) {
      setQueueError(error);
    } finally {
      setQueueing(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
        Generated statements
      </Title>
      <Text role="status" aria-live="polite">
        {statements.length.toLocaleString('en')} statements in {registrations.toLocaleString('en')}{' '}
        registrations of {actors} {actors === 1 ? 'actor' : 'actors'}, each checked against its
        template and each registration against the primary patterns.
        {answer.stopped &&
          ` The time limit of ${SIMULATION_LIMITS.maxMilliseconds / 1000} s ended the run early; every registration is whole.`}
      </Text>
      {answer.problems.length > 0 && (
        <Problems
          problems={answer.problems}
          names={names}
          pages={pages}
          color="yellow"
          title="Left out: these cannot be simulated"
        />
      )}
      <Group gap="sm">
        <Button
          variant="default"
          onClick={() =>
            saveFile(
              `${stem}.json`,
              new Blob([JSON.stringify(statements, null, 2)], { type: 'application/json' }),
            )
          }
        >
          Download JSON
        </Button>
        <Button
          variant="default"
          onClick={() =>
            saveFile(
              `${stem}.ndjson`,
              new Blob([statements.map((s) => JSON.stringify(s)).join('\n') + '\n'], {
                type: 'application/x-ndjson',
              }),
            )
          }
        >
          Download NDJSON
        </Button>
        <Button onClick={openInTest} disabled={forTest.kept === 0}>
          Open in Test Statements
        </Button>
        {importer && (
          <Button
            variant="light"
            onClick={() => void addToQueue()}
            loading={queueing}
            disabled={forQueue.kept === 0 || queue.data === undefined}
          >
            Add to Import Queue
          </Button>
        )}
      </Group>
      {(forTest.kept < forTest.total || (importer && forQueue.kept < forQueue.total)) && (
        <Text size="sm" c="dimmed">
          Test Statements takes up to 1,000 statements
          {importer
            ? ` and the Import Queue ${(queue.data?.maxStatements ?? 1000).toLocaleString('en')} a file`
            : ''}
          : they get the first registrations that fit, each whole.
        </Text>
      )}
      {queueError !== null && (
        <Alert color="red" title="Could not add the statements to the Import Queue">
          {messageOf(queueError)}
        </Alert>
      )}
      <Title order={3} size="h4">
        The first {Math.min(PREVIEW_COUNT, statements.length)} statements
      </Title>
      <Preview answer={answer} names={names} pages={pages} />
      {document !== undefined && (
        <GeneratedPaths answer={answer} document={document} names={names} pages={pages} />
      )}
      <SendToLrs profileId={profile.uuid} versionId={version.uuid} input={input} />
    </Stack>
  );
}

/**
 * {version path}/generate: statements simulated on the server from the version's primary
 * patterns, previewed here, then downloaded, tested or queued. Drafts too, for their group.
 */
export function GenerateStatements({
  profile,
  version,
  paths,
  backPath,
}: {
  profile: Profile;
  version: ProfileVersion;
  paths: VersionPaths;
  backPath: string;
}) {
  const document = useVersionDocument(profile.uuid, version.uuid);
  const { names, primary } = useMemo(() => readDocument(document.data), [document.data]);
  const pages = useItemPages(profile, version, paths);
  const simulate = useSimulate(profile.uuid, version.uuid);

  const [unchosen, setUnchosen] = useState<string[]>([]);
  const [actors, setActors] = useState('3');
  const [registrations, setRegistrations] = useState('2');
  const [max, setMax] = useState(String(SIMULATION_LIMITS.defaultStatements));
  const [start, setStart] = useState(DEFAULT_START);
  const [end, setEnd] = useState('');
  const [seed, setSeed] = useState(freshSeed);
  const [learnerFields, setLearnerFields] = useState(NO_LEARNER_FIELDS);
  const [modelText, setModelText] = useState('');
  const [modelProblem, setModelProblem] = useState<string | undefined>();
  const chosen = primary.filter((p) => !unchosen.includes(p.iri)).map((p) => p.iri);
  const problems = simulationProblemsOf(simulate.error);
  // Generate is disabled while it works, which drops the keyboard's focus to the page: once the
  // answer is there, the focus goes to it (the results' heading, or what went wrong).
  const outcome = useRef<HTMLElement | null>(null);
  const settledAt = simulate.isSuccess || simulate.isError ? simulate.submittedAt : 0;
  useEffect(() => {
    if (settledAt) outcome.current?.focus();
  }, [settledAt]);
  const outcomeRef = (element: HTMLElement | null) => {
    outcome.current = element;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const endAt = utc(end);
    const startAt = utc(start);
    const learners = learnersOf(learnerFields);
    const written = modelOf(modelText);
    if ('problem' in written) {
      setModelProblem(written.problem);
      return;
    }
    setModelProblem(undefined);
    simulate.mutate({
      seed,
      actors: Number(actors),
      ...(registrations.trim() === '' ? {} : { registrations: Number(registrations) }),
      ...(max.trim() === '' ? {} : { max: Number(max) }),
      ...(startAt ? { start: startAt } : {}),
      ...(endAt ? { end: endAt } : {}),
      ...(chosen.length === primary.length ? {} : { patterns: chosen }),
      ...(learners ? { learners } : {}),
      ...(written.model ? { model: written.model } : {}),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          {GENERATE_TITLE}
        </Title>
        <Anchor component={Link} to={backPath} size="sm">
          Back to the profile
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        Statements made on the server from this version&apos;s primary patterns: each follows its
        statement template and each registration a primary pattern. The same seed and choices give
        the same statements.
      </Text>
      {document.error ? (
        <ErrorAlert error={document.error} title="Could not load the profile document" />
      ) : document.data === undefined ? (
        <Center py="xl">
          <Loader role="progressbar" aria-label="Loading the profile document" />
        </Center>
      ) : (
        <Paper withBorder p="md" component="form" onSubmit={submit} aria-label="Generation choices">
          <Stack gap="md">
            {primary.length === 0 ? (
              <Text size="sm">
                This version has no primary pattern: there is nothing to follow.
              </Text>
            ) : (
              <Checkbox.Group
                label="Primary patterns"
                description="Each registration follows one of those chosen."
                value={chosen}
                onChange={(value) =>
                  setUnchosen(primary.map((p) => p.iri).filter((iri) => !value.includes(iri)))
                }
                error={chosen.length === 0 ? 'Choose at least one pattern.' : undefined}
              >
                <Stack gap={6} mt="xs">
                  {primary.map((p) => (
                    <Checkbox key={p.iri} value={p.iri} label={p.name} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                type="number"
                label="Actors"
                description={`1 to ${SIMULATION_LIMITS.maxActors}`}
                min={1}
                max={SIMULATION_LIMITS.maxActors}
                step={1}
                value={actors}
                onChange={(e) => setActors(e.currentTarget.value)}
                required
              />
              <TextInput
                type="number"
                label="Registrations per actor"
                description="Empty: as many as fit"
                min={1}
                max={SIMULATION_LIMITS.maxStatements}
                step={1}
                value={registrations}
                onChange={(e) => setRegistrations(e.currentTarget.value)}
              />
              <TextInput
                type="number"
                label="Most statements"
                description={`Up to ${SIMULATION_LIMITS.maxStatements.toLocaleString('en')}`}
                min={1}
                max={SIMULATION_LIMITS.maxStatements}
                step={1}
                value={max}
                onChange={(e) => setMax(e.currentTarget.value)}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                type="datetime-local"
                label="Start (UTC)"
                value={start}
                onChange={(e) => setStart(e.currentTarget.value)}
              />
              <TextInput
                type="datetime-local"
                label="End (UTC)"
                description="Empty: no end"
                value={end}
                onChange={(e) => setEnd(e.currentTarget.value)}
              />
              <TextInput
                label="Seed"
                description="The same seed gives the same statements"
                value={seed}
                onChange={(e) => setSeed(e.currentTarget.value)}
                maxLength={200}
                required
              />
            </SimpleGrid>
            <LearnerChoices value={learnerFields} onChange={setLearnerFields} />
            <ModelChoices value={modelText} onChange={setModelText} error={modelProblem} />
            <Group>
              <Button
                type="submit"
                loading={simulate.isPending}
                disabled={primary.length === 0 || chosen.length === 0}
              >
                Generate
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {simulate.error ? (
        <Box ref={outcomeRef} tabIndex={-1}>
          {problems ? (
            <Problems
              problems={problems}
              names={names}
              pages={pages}
              color="red"
              title="This version cannot be simulated"
            />
          ) : (
            <ErrorAlert error={simulate.error} title="Could not generate statements" />
          )}
        </Box>
      ) : null}
      {simulate.data && simulate.variables && !simulate.isPending && (
        <Results
          answer={simulate.data}
          input={simulate.variables}
          profile={profile}
          version={version}
          paths={paths}
          names={names}
          pages={pages}
          document={document.data}
          headingRef={outcomeRef}
        />
      )}
    </Stack>
  );
}
