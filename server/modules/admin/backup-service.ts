import { PassThrough, type Readable } from 'node:stream';
import type { Database } from '../../db/client';
import { writeBackup } from '../../db/backup';
import type { UserRow } from '../../db/schema';
import { requireSiteAdmin } from './user-admin-service';

/** A backup being written, as a site admin downloads it. */
export interface BackupDownload {
  fileName: string;
  stream: Readable;
}

/**
 * Backups of the whole site, taken while it serves (see `server/db/backup.ts` and
 * docs/operations.md). Only a site admin may take one: it holds every account and group.
 */
export class BackupService {
  constructor(
    private readonly database: Database,
    private readonly log: { error(details: Record<string, unknown>, message: string): void },
  ) {}

  /**
   * Starts a backup and answers the stream it is written to. A backup that fails part way ends
   * the stream with an error, so the download breaks off rather than ending as if whole (and the
   * file, missing its trailer, is refused by restore).
   */
  download(user: UserRow | null, now = new Date()): BackupDownload {
    requireSiteAdmin(user);
    const stream = new PassThrough();
    writeBackup(this.database, stream).catch((error: unknown) =>
      this.log.error({ err: error }, 'a backup failed'),
    );
    const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, '-');
    return { fileName: `xapi-profiles-${stamp}.backup.gz`, stream };
  }
}
