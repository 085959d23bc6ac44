import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';

/**
 * What PostgreSQL's autovacuum does, for the embedded database, where it never runs: PGlite is one
 * PostgreSQL backend with no background processes, so no table ever had its planner statistics
 * gathered or its dead rows cleared. As the registry grew, the planner kept the estimates of an
 * empty database, and the statements of a publication (and the triggers that keep search current)
 * chose plans that read whole tables: importing the same 742 KB profile again and again took 1.6,
 * 2.3, 2.2, 2.9, 3.9, 4.4, 6.2, 6.5 and 6.5 s on PGlite, and stayed near 1 s on PostgreSQL.
 *
 * The thresholds are autovacuum's defaults: a table is analyzed once more rows changed since its
 * last analysis than 50 plus a tenth of its rows, and vacuumed (and analyzed) once it holds more
 * dead rows than 50 plus a fifth of its rows. Each table is its own statement, so other statements
 * wait for one table at most.
 */
const ANALYZE_THRESHOLD = { rows: 50, share: 0.1 };
const VACUUM_THRESHOLD = { rows: 50, share: 0.2 };

export interface TableUpkeep {
  schema: string;
  table: string;
  work: 'vacuum' | 'analyze';
}

interface TableCounts {
  schema: string;
  table: string;
  /** -1 before the table was first analyzed or vacuumed: counted as empty. */
  reltuples: number;
  changed: number;
  dead: number;
}

/** The tables due for a vacuum or an analysis now, from the server's own activity counters. */
export async function tablesDue(db: Db): Promise<TableUpkeep[]> {
  const rows = await queryRows<TableCounts>(
    db,
    sql`SELECT s.schemaname AS "schema", s.relname AS "table", c.reltuples::float8 AS "reltuples",
          s.n_mod_since_analyze::float8 AS "changed", s.n_dead_tup::float8 AS "dead"
        FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
        ORDER BY s.schemaname, s.relname`,
  );
  const due: TableUpkeep[] = [];
  for (const row of rows) {
    const size = Math.max(row.reltuples, 0);
    const { schema, table } = row;
    if (row.dead > VACUUM_THRESHOLD.rows + VACUUM_THRESHOLD.share * size)
      due.push({ schema, table, work: 'vacuum' });
    else if (row.changed > ANALYZE_THRESHOLD.rows + ANALYZE_THRESHOLD.share * size)
      due.push({ schema, table, work: 'analyze' });
  }
  return due;
}

/** Vacuums and analyzes what is due, one table at a time; answers what it did. */
export async function keepTablesUp(db: Db): Promise<TableUpkeep[]> {
  const due = await tablesDue(db);
  for (const { schema, table, work } of due) {
    const target = sql`${sql.identifier(schema)}.${sql.identifier(table)}`;
    // VACUUM cannot run inside a transaction block: each runs as a statement of its own.
    await db.execute(work === 'vacuum' ? sql`VACUUM (ANALYZE) ${target}` : sql`ANALYZE ${target}`);
  }
  return due;
}
