import { Alert, Anchor, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  IMPORT_ACCEPTED_TEXT,
  IMPORT_MAX_FILE_BYTES,
  type HarvestQueue,
} from '../../../common/harvest';
import type { Profile, ProfileVersion } from '../../../common/profiles';
import { useHarvestQueue, useImportFile } from '../../api/harvest';
import { UploadCancelled, type UploadProgress } from '../../api/http';
import { feedback } from '../../app/feedback-store';
import { jsonSyntaxProblem } from '../../components/statements/json-syntax';
import { isCurrentVersion, isMemberOf } from '../profile/format';
import { messageOf } from '../profile/parts';
import { formatFileSize, harvestErrorMessage, refusalOf } from './format';
import classes from './ImportPage.module.css';

/** The progress shown when the browser does not say how far the upload has gone. */
export const UNKNOWN_PROGRESS_PERCENT = 60;
export const NO_IMPORT_PERMISSION =
  'Only members of the working group can import, and only into the current version of the profile.';
export const CANCELLED_MESSAGE = 'The upload was cancelled. Choose a file to try again.';

interface Chosen {
  name: string;
  size: number;
}

/** Where an import stands; dragging over the area is kept beside it. */
type UploadState =
  | { state: 'idle' }
  | { state: 'uploading'; file: Chosen; progress: UploadProgress | 'starting' }
  | { state: 'complete'; file: Chosen }
  | { state: 'cancelled'; file: Chosen }
  | { state: 'failed'; file: Chosen; error: string };

/** The upload bar's value, and what it says. */
function progressOf(progress: UploadProgress | 'starting'): { percent: number; label: string } {
  if (progress === 'starting') return { percent: 0, label: 'Starting the upload…' };
  if (progress === null) return { percent: UNKNOWN_PROGRESS_PERCENT, label: 'Uploading…' };
  const percent = progress.total === 0 ? 100 : Math.round((progress.loaded / progress.total) * 100);
  return percent >= 100
    ? { percent: 100, label: 'Uploaded; reading the file on the server…' }
    : { percent, label: `Uploading… ${percent} %` };
}

/** The statement limit of one file, as the queue states it. */
function LimitsText({ queue }: { queue: HarvestQueue | undefined }) {
  return (
    <Text size="sm" c="dimmed">
      {queue
        ? `A file of statements may hold up to ${queue.maxStatements.toLocaleString('en')} statements. `
        : ''}
      Files up to {formatFileSize(IMPORT_MAX_FILE_BYTES)}. The concepts the statements use go to the
      Import Queue, where you add or create them; a profile document becomes a new draft of this
      profile.
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
  /** The page of a version of this profile. */
  versionPath: (versionId: string) => string;
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

  const start = async (file: File) => {
    setRefusal(null);
    const refused = refusalOf(file);
    if (refused !== null) {
      setRefusal(refused);
      return;
    }
    const chosen = { name: file.name, size: file.size };
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
    const abort = new AbortController();
    controller.current = abort;
    setUpload({ state: 'uploading', file: chosen, progress: 'starting' });
    try {
      const result = await importFile({
        fileName: file.name,
        text,
        parsed,
        signal: abort.signal,
        onProgress: (progress) =>
          setUpload((was) => (was.state === 'uploading' ? { ...was, progress } : was)),
      });
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
    } catch (error) {
      if (error instanceof UploadCancelled) setUpload({ state: 'cancelled', file: chosen });
      else setUpload({ state: 'failed', file: chosen, error: messageOf(error) });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
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
          {harvestErrorMessage(upload.error)}
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
  onCancel,
}: {
  file: Chosen;
  progress: UploadProgress | 'starting';
  onCancel: () => void;
}) {
  const { percent, label } = progressOf(progress);
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
