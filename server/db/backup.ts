/**
 * A logical backup of the whole database, the same on PGlite and on PostgreSQL: one read
 * transaction (REPEATABLE READ, so every table is read as of one moment) writes every table's rows
 * to one gzip'd file of JSON lines. Restoring loads them into an empty database of either engine.
 * See docs/operations.md for what a backup holds and what it does not.
 *
 * The file: a header line (format, schema version, tables and their columns), one line per row
 * (`{"t": table, "r": row}`, the row as PostgreSQL's own `to_jsonb` writes it, so every value
 * comes back exactly), one line per job still to run (`{"j": …}`), and a trailer with the count of
 * rows of each table and the SHA-256 of every line before it. Rows are read through a cursor, a
 * few hundred at a time, and the writer yields between batches, so a backup never holds the event
 * loop for long.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { migrationsFolder, queryRows, type Database, type Db } from './client';

export const BACKUP_FORMAT = 'xapi-profile-server-backup';
/** The version of the file's layout; a reader refuses a layout it does not know. */
export const BACKUP_FORMAT_VERSION = 1;

/** Rows read per fetch of the cursor, and rows inserted per statement on restore. */
const ROWS_PER_BATCH = 500;
/** A batch of rows to insert is also cut at this many bytes of JSON. */
const BYTES_PER_BATCH = 4 * 1024 * 1024;

export interface BackupTable {
  name: string;
  /** The columns a row carries and a restore writes (stored generated ones are left out). */
  columns: string[];
}

/** A migration as the release's journal names it. */
export interface SchemaVersion {
  /** How many migrations are applied. */
  migrations: number;
  tag: string;
  /** The journal's time of the last migration, which the migrator compares. */
  when: number;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  engine: Database['kind'];
  schema: SchemaVersion;
  tables: BackupTable[];
}

/** A job that was queued or running when the backup was taken, to be queued again on restore. */
export interface BackupJob {
  name: string;
  data: unknown;
  startAfter: string;
}

export interface BackupTrailer {
  end: true;
  rows: Record<string, number>;
  jobs: number;
  /** SHA-256 (hex) of every line before the trailer, newlines included, uncompressed. */
  sha256: string;
}

export interface BackupSummary {
  header: BackupHeader;
  trailer: BackupTrailer;
}

/** A restore refused before anything was written, with the reason to show. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/** A backup file that is not one, is cut short, or whose contents do not match its trailer. */
export class BackupDamaged extends Error {
  override name = 'BackupDamaged';
}

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

function journal(folder = migrationsFolder): JournalEntry[] {
  const file = path.join(folder, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/**
 * The app's tables, in an order where a table comes after those it refers to (a cycle, such as a
 * profile and its current version, is broken where it closes; restore loads with the foreign keys
 * not checked, so the order is for a reader of the file).
 */
async function appTables(db: Db): Promise<BackupTable[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.is_generated = 'NEVER'
      order by c.table_name, c.ordinal_position`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent from pg_constraint k
      join pg_class child on child.oid = k.conrelid
      join pg_class parent on parent.oid = k.confrelid
      join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  const byName = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) {
    const list = byName.get(table_name) ?? [];
    list.push(column_name);
    byName.set(table_name, list);
  }
  const parents = new Map<string, string[]>();
  for (const { child, parent } of references)
    parents.set(child, [...(parents.get(child) ?? []), parent]);
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name)) return;
    state.set(name, 'visiting');
    for (const parent of (parents.get(name) ?? []).sort()) if (byName.has(parent)) visit(parent);
    state.set(name, 'done');
    ordered.push(name);
  };
  for (const name of [...byName.keys()].sort()) visit(name);
  return ordered.map((name) => ({ name, columns: byName.get(name) ?? [] }));
}

/** The last migration applied to the database, or null when none is. */
export async function schemaVersion(db: Db): Promise<SchemaVersion | null> {
  const exists = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists[0]?.present) return null;
  const rows = await queryRows<{ count: number; last: string | null }>(
    db,
    sql`select count(*)::int as count, max(created_at)::text as last
      from drizzle.__drizzle_migrations`,
  );
  const row = rows[0];
  if (!row || row.count === 0 || row.last === null) return null;
  const when = Number(row.last);
  const entry = journal().find((e) => e.when === when);
  return { migrations: row.count, tag: entry?.tag ?? `unknown-${when}`, when };
}

/** Jobs queued or running (pg-boss keeps them in its own schema once a node has started). */
async function pendingJobs(db: Db): Promise<BackupJob[]> {
  const exists = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('pgboss.job') is not null as present`,
  );
  if (!exists[0]?.present) return [];
  const rows = await queryRows<{ name: string; data: unknown; start_after: string }>(
    db,
    sql`select name, data, to_jsonb(start_after) #>> '{}' as start_after from pgboss.job
      where state in ('created', 'retry', 'active') order by created_on, id`,
  );
  return rows.map((row) => ({ name: row.name, data: row.data, startAfter: row.start_after }));
}

/** Writes lines to a gzip stream, hashing them, and waits whenever the stream asks to. */
class LineWriter {
  private readonly hash = createHash('sha256');
  private readonly gzip = createGzip();
  private readonly done: Promise<void>;
  bytes = 0;

  constructor(out: Writable) {
    this.gzip.pipe(out);
    this.done = new Promise((resolve, reject) => {
      out.on('finish', resolve);
      out.on('close', resolve);
      out.on('error', reject);
      this.gzip.on('error', reject);
    });
    // A failure before the end is reported by the backup itself; this promise is awaited only
    // at the end.
    this.done.catch(() => {});
  }

  async write(value: unknown, hashed = true): Promise<void> {
    const line = `${JSON.stringify(value)}\n`;
    if (hashed) this.hash.update(line);
    this.bytes += line.length;
    if (!this.gzip.write(line)) await once(this.gzip, 'drain');
  }

  digest(): string {
    return this.hash.digest('hex');
  }

  async end(): Promise<void> {
    this.gzip.end();
    await this.done;
  }
}

/**
 * Writes a backup of `database` to `out` (which it ends). Consistent: every table is read in one
 * REPEATABLE READ transaction, so the file is the database as of one moment, while the server
 * goes on answering (on PGlite, which has one connection, other statements wait for the read).
 */
export async function writeBackup(database: Database, out: Writable): Promise<BackupSummary> {
  const writer = new LineWriter(out);
  try {
    const summary = await database.db.transaction(
      async (tx) => {
        // Times are written in UTC whatever the server's zone, so two backups compare as text.
        await tx.execute(sql`set local time zone 'UTC'`);
        const schema = await schemaVersion(tx);
        if (!schema)
          throw new Error('The database has no schema yet: there is nothing to back up.');
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          createdAt: new Date().toISOString(),
          engine: database.kind,
          schema,
          tables: await appTables(tx),
        };
        await writer.write(header);
        const rows: Record<string, number> = {};
        for (const table of header.tables) {
          rows[table.name] = 0;
          await tx.execute(
            sql`declare backup_rows no scroll cursor for
              select to_jsonb(t) as r from ${sql.identifier(table.name)} t`,
          );
          for (;;) {
            const batch = await queryRows<{ r: unknown }>(
              tx,
              sql.raw(`fetch forward ${ROWS_PER_BATCH} from backup_rows`),
            );
            for (const { r } of batch) await writer.write({ t: table.name, r });
            rows[table.name] = (rows[table.name] ?? 0) + batch.length;
            if (batch.length < ROWS_PER_BATCH) break;
            // Other requests run between batches.
            await yieldToLoop();
          }
          await tx.execute(sql`close backup_rows`);
        }
        const jobs = await pendingJobs(tx);
        for (const job of jobs) await writer.write({ j: job });
        const trailer: BackupTrailer = { end: true, rows, jobs: jobs.length, sha256: '' };
        return { header, trailer };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    summary.trailer.sha256 = writer.digest();
    await writer.write(summary.trailer, false);
    await writer.end();
    return summary;
  } catch (error) {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

/** The release's migrations up to `tag`, in a folder of their own (removed by the caller). */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'xps-restore-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const content = JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] };
  const last = content.entries.findIndex((e) => e.tag === tag);
  content.entries = content.entries.slice(0, last + 1);
  writeFileSync(file, JSON.stringify(content));
  return dir;
}

/** Tables of the database holding at least one row (the app's own schema). */
async function tablesWithRows(db: Db): Promise<string[]> {
  const tables = await appTables(db);
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = await queryRows<{ any: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.identifier(name)}) as any`,
    );
    if (rows[0]?.any) found.push(name);
  }
  return found;
}

function parseLine(line: string, where: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(line);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  throw new BackupDamaged(`The backup is damaged: ${where} is not a JSON object.`);
}

function checkHeader(value: Record<string, unknown>): BackupHeader {
  if (value.format !== BACKUP_FORMAT)
    throw new BackupDamaged('This file is not a backup of an xAPI Profile Server.');
  if (value.formatVersion !== BACKUP_FORMAT_VERSION)
    throw new RestoreRefused(
      `The backup is in layout ${String(value.formatVersion)}; this release reads layout ${BACKUP_FORMAT_VERSION}. Restore it with the release that wrote it, or a newer one.`,
    );
  return value as unknown as BackupHeader;
}

export interface RestoreSummary {
  header: BackupHeader;
  rows: Record<string, number>;
  /** Jobs the backup held; `restoreBackup` hands them to `requeue`. */
  jobs: BackupJob[];
  /** The schema after restoring: the release's newest. */
  schema: SchemaVersion | null;
}

export interface RestoreOptions {
  /** Queues again the jobs that were waiting when the backup was taken (the database is ready). */
  requeue?: (jobs: BackupJob[]) => Promise<void>;
}

/**
 * Restores a backup into an empty database of either engine: migrates it to the backup's schema,
 * loads every row in one transaction (with the database's triggers off for it, so the guards of
 * published versions and the derived-row triggers let the rows in exactly as they were), checks
 * the rows against the trailer's counts and checksum before committing, sets every sequence past
 * its rows, then migrates forward to this release's schema. A database holding any row is refused.
 */
export async function restoreBackup(
  database: Database,
  input: Readable,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const lines = createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  try {
    return await restoreLines(database, iterator, options);
  } finally {
    lines.close();
    input.destroy();
  }
}

async function restoreLines(
  database: Database,
  lines: AsyncIterator<string>,
  options: RestoreOptions,
): Promise<RestoreSummary> {
  const first = await lines.next().catch((error: unknown) => {
    throw new BackupDamaged(
      `The backup could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  if (first.done) throw new BackupDamaged('The backup file is empty.');
  const header = checkHeader(parseLine(first.value, 'its first line'));
  const known = journal().find((e) => e.when === header.schema.when);
  if (!known)
    throw new RestoreRefused(
      `The backup was taken with schema ${header.schema.tag}, which this release does not know: restore it with that release or a newer one.`,
    );

  const { db } = database;
  const current = await schemaVersion(db);
  if (current && current.when > header.schema.when)
    throw new RestoreRefused(
      `The database already has a newer schema (${current.tag}) than the backup (${header.schema.tag}): restore into a new, empty database.`,
    );
  const occupied = current ? await tablesWithRows(db) : [];
  if (occupied.length > 0)
    throw new RestoreRefused(
      `The database is not empty (${occupied.slice(0, 5).join(', ')}${occupied.length > 5 ? ', …' : ''} hold rows): restore only into an empty database or data folder.`,
    );

  const folder = migrationsUpTo(known.tag);
  try {
    await database.migrate(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  const targetTables = new Map((await appTables(db)).map((t) => [t.name, t.columns]));
  for (const table of header.tables) {
    const columns = targetTables.get(table.name);
    if (!columns || columns.join(',') !== table.columns.join(','))
      throw new BackupDamaged(
        `The backup's table ${table.name} does not match schema ${header.schema.tag} of this release.`,
      );
  }
  const tableColumns = new Map(header.tables.map((t) => [t.name, t.columns]));

  const hash = createHash('sha256').update(`${first.value}\n`);
  const rows: Record<string, number> = Object.fromEntries(header.tables.map((t) => [t.name, 0]));
  const jobs: BackupJob[] = [];
  await db.transaction(async (tx) => {
    // Triggers off for this transaction only: the rows go back exactly as they were read.
    await tx.execute(sql`set local session_replication_role = replica`);
    let batchTable: string | null = null;
    let batch: string[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (!batchTable || batch.length === 0) return;
      const columns = (tableColumns.get(batchTable) ?? []).map((c) => sql.identifier(c));
      const list = sql.join(columns, sql`, `);
      await tx.execute(
        sql`insert into ${sql.identifier(batchTable)} (${list}) overriding system value
          select ${list} from jsonb_populate_recordset(null::${sql.identifier(batchTable)},
            ${`[${batch.join(',')}]`}::jsonb)`,
      );
      batch = [];
      batchBytes = 0;
      await yieldToLoop();
    };
    let trailer: BackupTrailer | null = null;
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      const line = next.value;
      if (trailer) throw new BackupDamaged('The backup has lines after its end.');
      if (line === '') continue;
      const value = parseLine(line, `line ${Object.values(rows).reduce((a, b) => a + b, 2)}`);
      if (value.end === true) {
        trailer = value as unknown as BackupTrailer;
        continue;
      }
      hash.update(`${line}\n`);
      if (typeof value.t === 'string') {
        if (!tableColumns.has(value.t))
          throw new BackupDamaged(`The backup has a row of a table it does not list (${value.t}).`);
        if (value.t !== batchTable) {
          await flush();
          batchTable = value.t;
        }
        const row = JSON.stringify(value.r);
        batch.push(row);
        batchBytes += row.length;
        rows[value.t] = (rows[value.t] ?? 0) + 1;
        if (batch.length >= ROWS_PER_BATCH || batchBytes >= BYTES_PER_BATCH) await flush();
      } else if (value.j && typeof value.j === 'object') {
        jobs.push(value.j as BackupJob);
      } else {
        throw new BackupDamaged('The backup has a line that is neither a row nor a job.');
      }
    }
    await flush();
    if (!trailer) throw new BackupDamaged('The backup is cut short: its last line is missing.');
    if (trailer.sha256 !== hash.digest('hex'))
      throw new BackupDamaged('The backup is damaged: its checksum does not match its contents.');
    for (const table of header.tables)
      if (trailer.rows[table.name] !== rows[table.name])
        throw new BackupDamaged(
          `The backup is damaged: table ${table.name} has ${rows[table.name]} rows, not ${trailer.rows[table.name]}.`,
        );
    if (trailer.jobs !== jobs.length)
      throw new BackupDamaged('The backup is damaged: its jobs do not match its trailer.');
    await resetSequences(tx);
  });

  await database.migrate();
  if (options.requeue && jobs.length > 0) await options.requeue(jobs);
  return { header, rows, jobs, schema: await schemaVersion(db) };
}

/** Sets every sequence of a column past the highest value its table holds. */
async function resetSequences(tx: Db): Promise<void> {
  const owned = await queryRows<{ table_name: string; column_name: string; sequence: string }>(
    tx,
    sql`select c.table_name, c.column_name,
        pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as sequence
      from information_schema.columns c
      where c.table_schema = 'public'
        and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null`,
  );
  for (const { table_name, column_name, sequence } of owned) {
    await tx.execute(
      sql`select setval(${sequence}::regclass,
        coalesce((select max(${sql.identifier(column_name)}) from ${sql.identifier(table_name)}), 0) + 1,
        false)`,
    );
  }
}
