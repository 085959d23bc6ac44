import { defineConfig } from 'drizzle-kit';

// Generation only: migrations are applied by the server itself at start-up (server/db/migrate.ts),
// because drizzle-kit's own PGlite runner cannot load the pg_trgm extension.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
