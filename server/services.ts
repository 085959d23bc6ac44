import type { Config } from './config';
import type { Database } from './db/client';
import { SessionService } from './modules/accounts/sessions';

/** Every service the HTTP layer may call, built once per app from its dependencies. */
export interface Services {
  config: Config;
  database: Database;
  sessions: SessionService;
}

export function buildServices(config: Config, database: Database): Services {
  return {
    config,
    database,
    sessions: new SessionService(database.db),
  };
}
