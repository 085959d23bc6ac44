import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { queryRows, type Database, type Db } from '../db/client';

/** How pg-boss reaches the database: one statement (or, without values, a script) at a time. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * PGlite: parameterized statements go through `query`; pg-boss's parameterless scripts (several
 * statements in one text) only run through `exec`. PGlite has a single connection, so a failed
 * statement must not leave it inside an aborted transaction.
 */
function pgliteExecutor(client: Pick<PGlite, 'query' | 'exec'>): SqlExecutor {
  return {
    async executeSql(text, values) {
      try {
        if (values && values.length > 0) return await client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.flatMap((r) => r.rows) };
      } catch (error) {
        await client.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}

function poolExecutor(pool: pg.Pool): SqlExecutor {
  return { executeSql: (text, values) => pool.query(text, values) };
}

/** The executor over the project's own database handle (the drizzle client's driver). */
export function executorFor(database: Database): SqlExecutor {
  const client = (database.db as unknown as { $client: unknown }).$client;
  return database.kind === 'pglite'
    ? pgliteExecutor(client as PGlite)
    : poolExecutor(client as pg.Pool);
}

/** `$n` placeholders become bound parameters of a drizzle query. */
function toQuery(text: string, values: unknown[]): SQL {
  const query = sql.empty();
  text.split(/\$(\d+)/).forEach((part, i) => {
    query.append(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`);
  });
  return query;
}

/**
 * Runs pg-boss statements inside an open drizzle transaction, so a job is stored exactly when the
 * change that asked for it commits. On PGlite this is also the only way: the transaction holds
 * the single connection.
 */
export function transactionExecutor(tx: Db): SqlExecutor {
  return {
    executeSql: async (text, values = []) => ({ rows: await queryRows(tx, toQuery(text, values)) }),
  };
}
