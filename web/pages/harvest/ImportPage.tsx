import { Alert, Anchor, Button, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  IMPORT_ACCEPTED_TEXT,
  HARVEST_LIMITS,
  IMPORT_MAX_FILE_BYTES,
  type HarvestQueue,
} from '../../../common/harvest';
import type { Profile, ProfileVersion } from '../../../common/profiles';
import {
  compareImport,
  DraftWouldBeReplaced,
  importProblems,
  isProfileDocument,
  useHarvestQueue,
  useImportFile,
  type ImportComparison,
} from '../../api/harvest';
import { UploadCancelled, type UploadProgress } from '../../api/http';
import { feedback } from '../../lib/feedback-store';
import type { VersionPaths } from '../../components/items/ItemsListPage';
import { jsonSyntaxProblem } from '../../components/statements/json-syntax';
import { isCurrentVersion, isMemberOf } from '../../lib/profiles';
import { messageOf } from '../../components/parts';
import {
  formatFileSize,
  HARVEST_ERROR_DISMISS,
  harvestErrorMessage,
  problemsHeading,
  refusalOf,
} from './format';
import classes from './ImportPage.module.css';
import { DRAFT_CHANGED_NOTICE, ReplaceDraftDialog } from './ReplaceDraftDialog';

/** The progress shown when the browser does not say how far the upload has gone. */
export const UNKNOWN_PROGRESS_PERCENT = 60;
export const NO_IMPORT_PERMISSION =
  'Only members of the working group can import, and only into the current version of the profile.';
export const CANCELLED_MESSAGE = 'The upload was cancelled. Choose a file to try again.';

interface Chosen {
  name: string;
  size: number;
}

/** A file read and parsed, ready to send. */
interface Read extends Chosen {
  text: string;
  parsed: unknown;
}

/**
 * Where an import stands; dragging over the area is kept beside it. A profile document bound for
 * a draft is first compared with it (`comparing` while it uploads) and waits for the person's
 * answer (`confirming`) before it replaces the draft.
 */
type UploadState =
  | { state: 'idle' }
  | {
      state: 'uploading';
      file: Chosen;
      progress: UploadProgress | 'starting';
      comparing?: boolean;
    }
  | { state: 'confirming'; file: Read; comparison: ImportComparison; notice: string | null }
  | { state: 'complete'; file: Chosen }
  | { state: 'cancelled'; file: Chosen }
  | { state: 'failed'; file: Chosen; error: string; problems: string[] };

/** The upload bar's value, and what it says. */
function progressOf(
  progress: UploadProgress | 'starting',
  comparing: boolean,
): { percent: number; label: string } {
  if (progress === 'starting') return { percent: 0, label: 'Starting the upload…' };
  if (progress === null) return { percent: UNKNOWN_PROGRESS_PERCENT, label: 'Uploading…' };
  const percent = progress.total === 0 ? 100 : Math.round((progress.loaded / progress.total) * 100);
  if (percent < 100) return { percent, label: `Uploading… ${percent} %` };
  return {
    percent: 100,
    label: comparing
      ? 'Uploaded; comparing the file with the draft…'
      : 'Uploaded; reading the file on the server…',
  };
}

const limit = (n: number) => n.toLocaleString('en');

/** The limits of one file, as the queue states them. */
function LimitsText({ queue }: { queue: HarvestQueue | undefined }) {
  return (
    <Text size="sm" c="dimmed">
      {queue
        ? `A file of statements may hold up to ${limit(queue.maxStatements)} statements naming up to ${limit(HARVEST_LIMITS.conceptsMax)} distinct concepts. `
        : ''}
      A statement is skipped when a display, name or description is over{' '}
      {limit(HARVEST_LIMITS.textMax)} characters or in more than {HARVEST_LIMITS.languagesMax}{' '}
      languages, or when it carries more than {HARVEST_LIMITS.extensionsMax} extensions in one
      place. Files up to {formatFileSize(IMPORT_MAX_FILE_BYTES)}. The concepts the statements use go
      to the Import Queue, where you add or create them; a profile document becomes a new draft of
      this profile.
    </Text>
  );
}

/**
 * {version}/import: a file of xAPI statements, or a profile document, dropped or chosen and sent
 * with its progress shown. Statements lead to the Import Queue; a profile document to its draft.
 */
export function ImportPage({
  profile,
  version,
  backPath,
  queuePath,
  versionPath,
}: {
  profile: Profile;
  version: ProfileVersion;
  backPath: string;
  /** The queue of this version, showing the given file (else its newest). */
  queuePath: (fileId?: string) => string;
  /** The page of a version of this profile, or of one of its parts. */
  versionPath: VersionPaths;
}) {
  const allowed = isMemberOf(profile) && isCurrentVersion(profile, version);
  const queue = useHarvestQueue(profile.uuid, version.uuid, allowed);
  const importFile = useImportFile(profile.uuid, version.uuid);
  const navigate = useNavigate();
  const [upload, setUpload] = useState<UploadState>({ state: 'idle' });
  const [dragging, setDragging] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const inputId = useId();
  const problemsId = useId();
  const input = useRef<HTMLInputElement>(null);

  // Leaving the screen stops an upload still running.
  useEffect(() => () => controller.current?.abort(), []);

  if (!allowed) {
    return (
      <Alert color="yellow" variant="light" title="Import">
        {NO_IMPORT_PERMISSION}{' '}
        <Anchor component={Link} to={backPath}>
          Go Back
        </Anchor>
      </Alert>
    );
  }

  const busy = upload.state === 'uploading';
  const blocked = busy || upload.state === 'failed';

  /** Sends the file with its progress shown; `send` is the call, given the progress callback. */
  const sending = async <T,>(
    file: Chosen,
    comparing: boolean,
    send: (options: {
      signal: AbortSignal;
      onProgress: (progress: UploadProgress) => void;
    }) => Promise<T>,
  ): Promise<T | null> => {
    const abort = new AbortController();
    controller.current = abort;
    setUpload({ state: 'uploading', file, progress: 'starting', comparing });
    try {
      return await send({
        signal: abort.signal,
        onProgress: (progress) =>
          setUpload((was) => (was.state === 'uploading' ? { ...was, progress } : was)),
      });
    } catch (error) {
      if (error instanceof UploadCancelled) setUpload({ state: 'cancelled', file });
      else
        setUpload({
          state: 'failed',
          file,
          error: messageOf(error),
          problems: importProblems(error),
        });
      return null;
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  /** Compares a profile file with the draft it would replace, and asks. */
  const compare = async (file: Read, notice: string | null) => {
    const comparison = await sending(file, true, (options) =>
      compareImport(profile.uuid, version.uuid, {
        fileName: file.name,
        text: file.text,
        ...options,
      }),
    );
    if (comparison) setUpload({ state: 'confirming', file, comparison, notice });
  };

  const send = async (file: Read, replaceDraft?: string) => {
    const chosen = { name: file.name, size: file.size };
    let changed = false;
    const result = await sending(chosen, false, async (options) => {
      try {
        return await importFile({
          fileName: file.name,
          text: file.text,
          parsed: file.parsed,
          ...(replaceDraft === undefined ? {} : { replaceDraft }),
          ...options,
        });
      } catch (error) {
        if (!(error instanceof DraftWouldBeReplaced)) throw error;
        changed = true;
        return null;
      }
    });
    // The draft changed since it was compared (or came to be): compare again and ask again.
    if (changed) return compare(file, DRAFT_CHANGED_NOTICE);
    if (!result) return;
    setUpload({ state: 'complete', file: chosen });
    if (result.kind === 'statements') {
      void navigate(queuePath(result.file.id));
    } else {
      feedback.showSuccess({
        subject: 'Profile imported',
        message: `“${file.name}” is now a draft of this profile.`,
      });
      void navigate(versionPath(result.versionId));
    }
  };

  const start = async (file: File) => {
    setRefusal(null);
    const refused = refusalOf(file);
    if (refused !== null) {
      setRefusal(refused);
      return;
    }
    const text = await file.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch (error) {
      const problem = jsonSyntaxProblem(text);
      setRefusal(
        `“${file.name}” is not valid JSON: ${problem?.reason ?? messageOf(error)}. Choose a JSON file.`,
      );
      return;
    }
    const read = { name: file.name, size: file.size, text, parsed };
    // A profile document replaces a draft's content: the person sees what changes first.
    if (version.state === 'draft' && isProfileDocument(parsed)) await compare(read, null);
    else await send(read);
  };

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (file && !blocked) void start(file);
  };

  const dragProps = {
    onDragEnter: (event: DragEvent) => {
      event.preventDefault();
      if (!blocked) setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      event.dataTransfer.dropEffect = blocked ? 'none' : 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      // Moving over a child of the area is no leaving.
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      choose(event.dataTransfer.files);
    },
  };

  return (
    <Stack gap="md">
      {upload.state === 'confirming' && (
        <ReplaceDraftDialog
          profileId={profile.uuid}
          profileName={version.name}
          fileName={upload.file.name}
          document={upload.file.parsed}
          comparison={upload.comparison}
          notice={upload.notice}
          paths={versionPath}
          onCancel={() => setUpload({ state: 'idle' })}
          onConfirm={() => void send(upload.file, upload.comparison.draft.revision)}
        />
      )}
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          Import
        </Title>
        <Group gap="md">
          {(queue.data?.files.length ?? 0) > 0 && (
            <Anchor component={Link} to={queuePath()} size="sm">
              Import Queue
            </Anchor>
          )}
          <Anchor component={Link} to={backPath} size="sm">
            Back to the profile
          </Anchor>
        </Group>
      </Group>
      <Text>{IMPORT_ACCEPTED_TEXT}</Text>
      <LimitsText queue={queue.data} />

      {upload.state === 'failed' && (
        <Alert
          color="red"
          variant="light"
          title="Import Error"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss the error"
          onClose={() => setUpload({ state: 'idle' })}
        >
          <Stack gap="xs">
            <Text size="sm">{harvestErrorMessage(upload.file.name, upload.error)}</Text>
            {upload.problems.length > 0 && (
              <>
                <Text size="sm" id={problemsId}>
                  {problemsHeading(upload.problems.length)}
                </Text>
                <List size="sm" aria-labelledby={problemsId} style={{ overflowWrap: 'anywhere' }}>
                  {upload.problems.map((problem, index) => (
                    <List.Item key={index}>{problem}</List.Item>
                  ))}
                </List>
              </>
            )}
            <Text size="sm">{HARVEST_ERROR_DISMISS}</Text>
          </Stack>
        </Alert>
      )}
      {refusal !== null && (
        <Alert color="red" variant="light" title="File not imported" role="alert">
          {refusal}
        </Alert>
      )}

      <div
        className={classes.dropArea}
        role="group"
        aria-label="Import a file"
        data-dragging={dragging || undefined}
        data-disabled={blocked || undefined}
        data-state={upload.state}
        {...dragProps}
      >
        {upload.state === 'uploading' ? (
          <UploadingView
            file={upload.file}
            progress={upload.progress}
            comparing={upload.comparing ?? false}
            onCancel={() => controller.current?.abort()}
          />
        ) : upload.state === 'complete' ? (
          <Text fw={500} role="status">
            Upload complete: {upload.file.name} ({formatFileSize(upload.file.size)})
          </Text>
        ) : (
          <>
            {upload.state === 'cancelled' && (
              <Text role="status" c="dimmed">
                {CANCELLED_MESSAGE}
              </Text>
            )}
            <Text fw={500}>{dragging ? 'Drop the file to import it' : 'Drag a file here, or'}</Text>
          </>
        )}
        {upload.state !== 'uploading' && upload.state !== 'complete' && (
          <>
            <input
              ref={input}
              id={inputId}
              className={classes.fileInput}
              type="file"
              accept=".json,.jsonld,application/json,application/ld+json"
              disabled={blocked}
              onChange={(event) => choose(event.currentTarget.files)}
            />
            <Button component="label" htmlFor={inputId} className={classes.chooser} variant="light">
              Choose a file
            </Button>
          </>
        )}
      </div>
    </Stack>
  );
}

function UploadingView({
  file,
  progress,
  comparing,
  onCancel,
}: {
  file: Chosen;
  progress: UploadProgress | 'starting';
  comparing: boolean;
  onCancel: () => void;
}) {
  const { percent, label } = progressOf(progress, comparing);
  return (
    <Stack gap="xs" w="100%" maw={480}>
      <Text fw={500} style={{ wordBreak: 'break-all' }}>
        {file.name}{' '}
        <Text span c="dimmed" size="sm">
          ({formatFileSize(file.size)})
        </Text>
      </Text>
      <Progress
        value={percent}
        animated={progress === null}
        striped={progress === null}
        aria-label={`Upload of ${file.name}`}
        size="lg"
      />
      <Text size="sm" c="dimmed" role="status">
        {label}
      </Text>
      <Group justify="center">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
