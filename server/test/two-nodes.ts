import { buildApp, type BuiltApp } from '../app';
import type { Database } from '../db/client';
import { testConfig } from './app';
import { anotherNode, createTestDatabase } from './database';

/**
 * Two app nodes on one PostgreSQL test database, as a deployment behind a load balancer runs
 * them: `a` on the database's own connection (`database`), `b` on a second pool of its own.
 */
export interface TwoNodes {
  database: Database;
  a: BuiltApp;
  b: BuiltApp;
  close(): Promise<void>;
}

export async function startTwoNodes(env: Record<string, string> = {}): Promise<TwoNodes> {
  const database = await createTestDatabase();
  const second = anotherNode(database);
  const config = testConfig(env);
  const a = await buildApp({ config, database, logger: false });
  const b = await buildApp({ config, database: second, logger: false });
  await Promise.all([a.ready(), b.ready()]);
  return {
    database,
    a,
    b,
    close: async () => {
      await b.close();
      await a.close();
      await second.close();
      await database.close();
    },
  };
}
