import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Success } from '../../common/api';
import type {
  HarvestFile,
  HarvestQueue,
  harvestAddAnswerSchema,
  harvestFileAnswerSchema,
  profileImportAnswerSchema,
} from '../../common/harvest';
import { http, upload, type UploadProgress } from './http';
import { succeeded } from './organizations';
import { refreshProfiles } from './profiles';

export type HarvestFileAnswer = z.infer<typeof harvestFileAnswerSchema>;
export type HarvestAddAnswer = z.infer<typeof harvestAddAnswerSchema>;
export type ProfileImportAnswer = z.infer<typeof profileImportAnswerSchema>;

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
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Sends a chosen file to the queue, or a profile document to `import-profile`. */
export async function importFile(
  profileId: string,
  versionId: string,
  input: ImportInput,
): Promise<ImportResult> {
  const query = `?${new URLSearchParams({ fileName: input.fileName }).toString()}`;
  const options = {
    ...(input.onProgress ? { onProgress: input.onProgress } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
  };
  if (isProfileDocument(input.parsed)) {
    const answer = await succeeded(
      upload<ProfileImportAnswer>(
        versionUrl(profileId, versionId, `/import-profile${query}`),
        input.text,
        options,
      ),
    );
    return { kind: 'profile', versionId: answer.versionId, findings: answer.findings };
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
