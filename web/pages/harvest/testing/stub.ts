import {
  MATCH_ALERTS,
  type HarvestCandidate,
  type HarvestFile,
  type HarvestFileSummary,
  type HarvestQueue,
} from '../../../../common/harvest';
import { PROFILE_ID, V1 } from '../../../test/stubs/profile';

export const FILE_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
export const OTHER_FILE_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2';

/** `/app/profile/{p}/version/{v}/harvest{rest}` of the test profile. */
export const harvestApi = (versionId: string = V1, rest = '') =>
  `/app/profile/${PROFILE_ID}/version/${versionId}/harvest${rest}`;

type CandidateOverrides = Omit<Partial<HarvestCandidate>, 'match'> & {
  match?: Partial<HarvestCandidate['match']>;
};

/** A harvested verb with no match, or what the test says. */
export function candidate(overrides: CandidateOverrides = {}): HarvestCandidate {
  const state = overrides.match?.state ?? 'no';
  return {
    key: `Verb ${overrides.iri ?? 'http://example.org/verbs/skipped'}`,
    type: 'Verb',
    iri: 'http://example.org/verbs/skipped',
    name: { 'en-US': 'skipped' },
    description: {},
    activityType: null,
    statementCount: 1,
    ...overrides,
    match: {
      state,
      alert: MATCH_ALERTS[state],
      existing: null,
      differences: [],
      ...overrides.match,
    },
  };
}

export function harvestFile(overrides: Partial<HarvestFile> = {}): HarvestFile {
  const candidates = overrides.candidates ?? [candidate()];
  const problems = overrides.problems ?? [];
  return {
    id: FILE_ID,
    fileName: 'statements.json',
    createdAt: '2026-03-04T10:00:00.000Z',
    statementCount: 3,
    skippedCount: problems.length,
    candidateCount: candidates.length,
    ...overrides,
    problems,
    candidates,
  };
}

export const summaryOf = ({
  id,
  fileName,
  createdAt,
  statementCount,
  skippedCount,
  candidateCount,
}: HarvestFile): HarvestFileSummary => ({
  id,
  fileName,
  createdAt,
  statementCount,
  skippedCount,
  candidateCount,
});

export const queueOf = (files: HarvestFile[], maxStatements = 1000): HarvestQueue => ({
  success: true,
  files: files.map(summaryOf),
  maxStatements,
});

export const fileAnswer = (file: HarvestFile) => ({ success: true as const, file });
