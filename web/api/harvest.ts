import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Success } from '../../common/api';
import { ErrorCode, type ErrorBody } from '../../common/errors';
import type {
  HarvestFile,
  HarvestQueue,
  ImportComparison,
  harvestAddAnswerSchema,
  harvestFileAnswerSchema,
  profileImportAnswerSchema,
} from '../../common/harvest';
import { http, HttpError, upload, type UploadProgress } from './http';
import { succeeded } from './organizations';
import { refreshProfiles } from './profiles';

export type HarvestFileAnswer = z.infer<typeof harvestFileAnswerSchema>;
export type HarvestAddAnswer = z.infer<typeof harvestAddAnswerSchema>;
export type ProfileImportAnswer = z.infer<typeof profileImportAnswerSchema>;
export type { ImportComparison };

const enc = encodeURIComponent;
const versionUrl = (profileId: string, versionId: string, rest: string) =>
  `/app/profile/${enc(profileId)}/version/${enc(versionId)}${rest}`;
const harvestUrl = (profileId: string, versionId: string, rest = '') =>
  versionUrl(profileId, versionId, `/harvest${rest}`);

/** The queue of a version and each of its files, under one prefix so an upload refreshes all. */
export const harvestKeys = {
  ofVersion: (profileId: string, versionId: string) => ['harvest', profileId, versionId] as const,
  queue: (profileId: string, versionId: string) =>
    ['harvest', profileId, versionId, 'queue'] as const,
  file: (profileId: string, versionId: string, fileId: string) =>
    ['harvest', profileId, versionId, 'file', fileId] as const,
};

// --- reads ------------------------------------------------------------------------------------

/** The files harvested into a version's queue, and the statement limit of one file. */
export function useHarvestQueue(profileId: string, versionId: string, enabled = true) {
  return useQuery({
    queryKey: harvestKeys.queue(profileId, versionId),
    queryFn: () => http.get<HarvestQueue>(harvestUrl(profileId, versionId)),
    enabled,
  });
}

/** One harvested file: its skipped statements and its candidates with their match states. */
export function useHarvestFile(profileId: string, versionId: string, fileId: string | null) {
  return useQuery({
    queryKey: harvestKeys.file(profileId, versionId, fileId ?? ''),
    queryFn: () =>
      http.get<HarvestFileAnswer>(harvestUrl(profileId, versionId, `/${enc(fileId ?? '')}`)),
    select: (answer) => answer.file,
    enabled: fileId !== null,
  });
}

// --- changes ----------------------------------------------------------------------------------

export function useRemoveHarvestFile(profileId: string, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) =>
      succeeded(http.delete<Success>(harvestUrl(profileId, versionId, `/${enc(fileId)}`))),
    // The removed file's own query is left alone: removing it under the screen still showing it
    // would ask the server for it again, which answers 404. Unwatched, the cache collects it.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: harvestKeys.queue(profileId, versionId) }),
  });
}

/**
 * Adds a `yes` candidate to the version's concepts. The answer names the version it went into (a
 * new draft when the shown one was published) and the file as it stands now.
 */
export function useAddHarvested(profileId: string, versionId: string, fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      succeeded(
        http.post<HarvestAddAnswer>(harvestUrl(profileId, versionId, `/${enc(fileId)}/add`), {
          key,
        }),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData<HarvestFileAnswer>(
        harvestKeys.file(profileId, answer.versionId, answer.file.id),
        { success: true, file: answer.file },
      );
      // The concept count of the version changed, and a new draft may exist; the file's answer
      // is fresh already.
      return Promise.all([
        refreshProfiles(queryClient),
        queryClient.invalidateQueries({ queryKey: harvestKeys.queue(profileId, answer.versionId) }),
      ]);
    },
  });
}

// --- the upload -------------------------------------------------------------------------------

/** The xAPI Profiles context a profile document names in its `@context`. */
const PROFILE_CONTEXT = /^https?:\/\/w3id\.org\/xapi\/profiles\/context\b/;

/**
 * Whether parsed JSON is a profile document rather than statements: its `type` is `Profile`, or
 * its `@context` names the xAPI Profiles context.
 */
export function isProfileDocument(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const doc = value as { type?: unknown; '@context'?: unknown };
  if (doc.type === 'Profile') return true;
  const contexts = Array.isArray(doc['@context']) ? doc['@context'] : [doc['@context']];
  return contexts.some((c) => typeof c === 'string' && PROFILE_CONTEXT.test(c));
}

/** What an imported file became: a file in the queue, or a draft holding a profile document. */
export type ImportResult =
  | { kind: 'statements'; file: HarvestFile }
  | { kind: 'profile'; versionId: string; findings: ProfileImportAnswer['findings'] };

export interface ImportInput {
  fileName: string;
  /** The file's own text, sent as it is. */
  text: string;
  /** The text parsed, to tell a profile document from statements. */
  parsed: unknown;
  /**
   * For a profile document going into a draft: the draft's revision of the comparison the person
   * confirmed ({@link compareImport}); without it the server does not replace the draft.
   */
  replaceDraft?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * The server did not replace a draft's content with a profile file: the replacement was not
 * confirmed, or the draft changed after it was compared with the file. Compare them again.
 */
export class DraftWouldBeReplaced extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DraftWouldBeReplaced';
  }
}

/** A profile file refused, with every problem the check found in it (its findings). */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly problems: string[],
  ) {
    super(message);
    this.name = 'ImportRefused';
  }
}

/** A finding as one line: where it is (a JSON Pointer into the file), then what is wrong. */
const problemLine = (finding: { path: string; message: string }) =>
  finding.path && finding.path !== '/' && finding.path !== ''
    ? `${finding.path}: ${finding.message}`
    : finding.message;

/** Every finding an error answer carries, one line each. */
function findingLines(body: unknown): string[] {
  const findings = (body as { findings?: unknown } | null | undefined)?.findings;
  return Array.isArray(findings)
    ? (findings as Array<{ path: string; message: string }>).map(problemLine)
    : [];
}

/** The refusal of a profile file, with every finding its answer carries. */
function refusalOf(body: ErrorBody): ImportRefused {
  return new ImportRefused(body.message || 'Permission Denied', findingLines(body));
}

/** Every problem a failed import names (a refused profile's findings), or none. */
export function importProblems(error: unknown): string[] {
  if (error instanceof ImportRefused) return error.problems;
  if (error instanceof HttpError) return findingLines(error.body);
  return [];
}

const uploadOptions = (input: Pick<ImportInput, 'onProgress' | 'signal'>) => ({
  ...(input.onProgress ? { onProgress: input.onProgress } : {}),
  ...(input.signal ? { signal: input.signal } : {}),
});

/**
 * What a profile file would change in the draft it would replace, with the draft's revision that
 * confirms the replacement. The file is sent with its progress; nothing is stored.
 */
export function compareImport(
  profileId: string,
  versionId: string,
  input: Pick<ImportInput, 'fileName' | 'text' | 'onProgress' | 'signal'>,
): Promise<ImportComparison> {
  const query = `?${new URLSearchParams({ fileName: input.fileName }).toString()}`;
  return succeeded(
    upload<ImportComparison>(
      versionUrl(profileId, versionId, `/import-profile/compare${query}`),
      input.text,
      uploadOptions(input),
    ),
  );
}

/** Sends a chosen file to the queue, or a profile document to `import-profile`. */
export async function importFile(
  profileId: string,
  versionId: string,
  input: ImportInput,
): Promise<ImportResult> {
  const query = `?${new URLSearchParams({ fileName: input.fileName }).toString()}`;
  const options = uploadOptions(input);
  if (isProfileDocument(input.parsed)) {
    const confirmed = new URLSearchParams({
      fileName: input.fileName,
      ...(input.replaceDraft === undefined ? {} : { replaceDraft: input.replaceDraft }),
    });
    const sent = await upload<ProfileImportAnswer | ErrorBody>(
      versionUrl(profileId, versionId, `/import-profile?${confirmed.toString()}`),
      input.text,
      options,
    );
    // A refusal (409) comes back as its body: the one about the draft is the screen's to explain.
    if (!sent.success) {
      if (sent.code === ErrorCode.DraftWouldBeReplaced)
        throw new DraftWouldBeReplaced(sent.message);
      throw refusalOf(sent);
    }
    return { kind: 'profile', versionId: sent.versionId, findings: sent.findings };
  }
  const answer = await succeeded(
    upload<HarvestFileAnswer>(harvestUrl(profileId, versionId, query), input.text, options),
  );
  return { kind: 'statements', file: answer.file };
}

/** After an import: the queue has a new file, or the profile a new draft. */
export function refreshAfterImport(
  queryClient: QueryClient,
  profileId: string,
  versionId: string,
  result: ImportResult,
): Promise<unknown> {
  if (result.kind === 'statements') {
    queryClient.setQueryData<HarvestFileAnswer>(
      harvestKeys.file(profileId, versionId, result.file.id),
      { success: true, file: result.file },
    );
    return queryClient.invalidateQueries({ queryKey: harvestKeys.queue(profileId, versionId) });
  }
  return refreshProfiles(queryClient);
}

/** {@link importFile} that refreshes what the import changed. */
export function useImportFile(profileId: string, versionId: string) {
  const queryClient = useQueryClient();
  return async (input: ImportInput): Promise<ImportResult> => {
    const result = await importFile(profileId, versionId, input);
    await refreshAfterImport(queryClient, profileId, versionId, result);
    return result;
  };
}
