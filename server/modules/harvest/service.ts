import { ErrorCode } from '../../../common/errors';
import {
  MATCH_ALERTS,
  type HarvestCandidate,
  type HarvestFile,
  type HarvestFileSummary,
  type HarvestQueue,
} from '../../../common/harvest';
import { harvestSteps, type HarvestRefusal } from '../../../xapi/index';
import type { Db } from '../../db/client';
import type { HarvestFileRow, UserRow } from '../../db/schema';
import { AppError, notFound } from '../errors';
import { linkItems } from '../items/links';
import type { OrganizationService } from '../organizations/service';
import { loadVersionAccess, type VersionAccess } from '../profiles/access';
import { findVersion } from '../profiles/repo';
import { decideMatches, type MatchPlace } from './match';
import { runInSlices } from '../slices';
import { requireQueueAccess } from './policy';
import {
  countFiles,
  deleteFile,
  findFile,
  findMatchRows,
  insertFile,
  listFiles,
  profileVersionIris,
} from './repo';

/** Files one profile's queue may hold at once; more are refused until one is removed. */
export const HARVEST_FILES_PER_PROFILE = 50;

export interface HarvestServiceDeps {
  db: Db;
  organizations: OrganizationService;
  /** Statements one file may hold (`IMPORT_MAX_STATEMENTS`). */
  maxStatements: number;
}

const REFUSALS: Record<HarvestRefusal, { status: number; code: ErrorCode }> = {
  'profile-document': { status: 400, code: ErrorCode.ProfileDocument },
  'too-many-statements': { status: 400, code: ErrorCode.TooManyStatements },
  'too-many-concepts': { status: 400, code: ErrorCode.TooManyConcepts },
  'not-statements': { status: 400, code: ErrorCode.BadRequest },
};

const summaryOf = (file: {
  id: string;
  fileName: string;
  createdAt: Date;
  statementCount: number;
  skippedCount: number;
  candidateCount: number;
}): HarvestFileSummary => ({ ...file, createdAt: file.createdAt.toISOString() });

/**
 * A profile's Import Queue: files of xAPI statements harvested into candidate concepts, each
 * with its match state decided by exact IRI when read. Only members of the owning group, and
 * only on the profile's current version; to anyone else the queue does not exist (404). Files
 * are kept per profile, so a new draft carries the queue with it.
 */
export class HarvestService {
  constructor(private readonly deps: HarvestServiceDeps) {}

  /** Statements one file may hold. */
  get maxStatements(): number {
    return this.deps.maxStatements;
  }

  private async queueAccess(
    db: Db,
    user: UserRow | null,
    profileId: string,
    versionId: string,
    forUpdate = false,
  ): Promise<VersionAccess> {
    const access = await loadVersionAccess(
      this.deps.organizations,
      db,
      user,
      profileId,
      versionId,
      { forUpdate },
    );
    requireQueueAccess(access);
    return access;
  }

  private async decide(
    db: Db,
    place: MatchPlace,
    file: HarvestFileRow,
  ): Promise<HarvestCandidate[]> {
    const rows = await findMatchRows(
      db,
      file.candidates.map((c) => c.iri),
      place.versionId,
    );
    return decideMatches(file.candidates, rows, place);
  }

  private async present(db: Db, place: MatchPlace, file: HarvestFileRow): Promise<HarvestFile> {
    return {
      ...summaryOf({ ...file, candidateCount: file.candidates.length }),
      problems: file.problems,
      candidates: await this.decide(db, place, file),
    };
  }

  private placeOf(access: VersionAccess): MatchPlace {
    return {
      profileId: access.profile.id,
      organizationId: access.profile.organizationId,
      versionId: access.version.id,
    };
  }

  private async fileOf(db: Db, profileId: string, fileId: string): Promise<HarvestFileRow> {
    const file = await findFile(db, profileId, fileId);
    if (!file) throw notFound('No such file in this Import Queue.');
    return file;
  }

  async list(user: UserRow | null, profileId: string, versionId: string): Promise<HarvestQueue> {
    const access = await this.queueAccess(this.deps.db, user, profileId, versionId);
    const files = await listFiles(this.deps.db, access.profile.id);
    return {
      success: true,
      files: files.map(summaryOf),
      maxStatements: this.deps.maxStatements,
    };
  }

  async get(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    fileId: string,
  ): Promise<HarvestFile> {
    const access = await this.queueAccess(this.deps.db, user, profileId, versionId);
    const file = await this.fileOf(this.deps.db, access.profile.id, fileId);
    return this.present(this.deps.db, this.placeOf(access), file);
  }

  /**
   * Harvests a file of statements into the queue; a bad statement is skipped, not fatal. The
   * harvest runs in slices before the transaction, so a large file neither holds the thread nor
   * keeps the profile locked while it is read.
   */
  async upload(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    fileName: string,
    body: unknown,
  ): Promise<HarvestFile> {
    // Only a member's file is read at all.
    await this.queueAccess(this.deps.db, user, profileId, versionId);
    const harvested = await runInSlices(
      harvestSteps(body, { maxStatements: this.deps.maxStatements }),
    );
    if (!harvested.ok) {
      const { status, code } = REFUSALS[harvested.refusal];
      throw new AppError(status, code, harvested.message);
    }
    return this.deps.db.transaction(async (tx) => {
      // The profile row is locked, so two uploads cannot both take the last place in the queue.
      const access = await this.queueAccess(tx, user, profileId, versionId, true);
      if ((await countFiles(tx, access.profile.id)) >= HARVEST_FILES_PER_PROFILE)
        throw new AppError(
          409,
          ErrorCode.ImportQueueFull,
          `The Import Queue of this profile holds ${HARVEST_FILES_PER_PROFILE} files, as many as it may; remove one before importing another.`,
        );
      // A category activity that names a profile version is the statement saying which profile
      // it follows (communication §1.1), not an activity to make a concept of.
      const versionIris = await profileVersionIris(
        tx,
        harvested.concepts.filter((c) => c.type === 'Activity').map((c) => c.iri),
      );
      const file = await insertFile(tx, {
        profileId: access.profile.id,
        fileName,
        createdBy: access.actor.user?.id ?? null,
        statementCount: harvested.statementCount,
        skippedCount: harvested.skippedCount,
        problems: harvested.problems,
        candidates: harvested.concepts.filter(
          (c) => !(c.type === 'Activity' && versionIris.has(c.iri)),
        ),
      });
      return this.present(tx, this.placeOf(access), file);
    });
  }

  async remove(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    fileId: string,
  ): Promise<void> {
    const access = await this.queueAccess(this.deps.db, user, profileId, versionId);
    if (!(await deleteFile(this.deps.db, access.profile.id, fileId)))
      throw notFound('No such file in this Import Queue.');
  }

  /**
   * Adds a candidate to the version as a linked concept, deciding its state again first: only a
   * `yes` is added, through the kernel's link command (a published version gets its new draft).
   */
  add(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    fileId: string,
    key: string,
  ): Promise<{ versionId: string; file: HarvestFile }> {
    return this.deps.db.transaction(async (tx) => {
      const access = await this.queueAccess(tx, user, profileId, versionId, true);
      const file = await this.fileOf(tx, access.profile.id, fileId);
      const concept = file.candidates.find((c) => c.key === key);
      if (!concept) throw notFound('No such concept in this file.');
      const [decided] = await this.decide(tx, this.placeOf(access), {
        ...file,
        candidates: [concept],
      });
      const state = decided?.match.state ?? 'no';
      const existingId = decided?.match.existing?.id;
      if (state !== 'yes' || !existingId)
        throw new AppError(
          409,
          ErrorCode.MatchStateChanged,
          `This concept can no longer be added: its match state is now "${state}". ${MATCH_ALERTS[state]}`,
        );
      const linked = await linkItems(tx, access, 'concept', [existingId]);
      const draft = await findVersion(tx, linked.versionId);
      if (!draft) throw new Error(`version ${linked.versionId} vanished after a link`);
      const place = { ...this.placeOf(access), versionId: draft.id };
      return { versionId: draft.id, file: await this.present(tx, place, file) };
    });
  }
}
