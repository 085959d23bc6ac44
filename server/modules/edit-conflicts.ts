import { createHash } from 'node:crypto';
import { ErrorCode } from '../../common/errors';
import type { Db } from '../db/client';
import { findUserById } from './accounts/user-repo';
import { AppError } from './errors';
import { publicName } from './organizations/presenter';

/**
 * The revision tag of stored content: which row and which save of it. A draft's own revision is
 * changed in place, so its time of saving is part of the tag.
 */
export function revisionTag(rowId: string, savedAt: Date): string {
  return `${rowId}.${savedAt.getTime().toString(36)}`;
}

/** The revision tag of content kept in columns of a row: a digest of the values themselves. */
export function contentTag(rowId: string, content: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(content)).digest('base64url');
  return `${rowId}.${digest.slice(0, 16).replace(/[^0-9A-Za-z]/g, '0')}`;
}

/** The latest save of something: its revision, and who made it (the user's id) when. */
export interface LatestSave {
  revision: string;
  savedBy: string | null;
  savedAt: Date;
}

/**
 * Every save says which revision it was based on: one that names none is refused (428), as on
 * `/api`, rather than saved over whatever is there now. Called under the row's lock, after the
 * caller was authorized, so it tells nobody anything they could not see.
 */
export function requireBase(basedOn: string | undefined, what: string): string {
  if (basedOn !== undefined) return basedOn;
  throw new AppError(
    428,
    ErrorCode.PreconditionRequired,
    `This save must say which revision of ${what} it was based on: send If-Match with the revision of your last read, so that a change saved in between is not overwritten.`,
  );
}

/**
 * Refuses a save based on an older revision than the latest (409 EDIT_CONFLICT), naming who
 * saved and when, and one that names no revision (428, see `requireBase`).
 */
export async function refuseStaleSave(
  db: Db,
  basedOn: string | undefined,
  latest: LatestSave,
  what: string,
): Promise<void> {
  if (requireBase(basedOn, what) === latest.revision) return;
  const user = latest.savedBy ? await findUserById(db, latest.savedBy) : null;
  const savedBy = user ? publicName(user) : null;
  const who = savedBy ?? 'Someone';
  const when = `${latest.savedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  throw new AppError(
    409,
    ErrorCode.EditConflict,
    `${who} saved ${what} at ${when}, after you opened it. Your changes were not saved: compare them with theirs, then keep yours or take theirs.`,
    { savedBy, savedAt: latest.savedAt.toISOString(), revision: latest.revision },
  );
}
