#!/usr/bin/env node
// A plain-JS entry point so the command works from a checkout without a build step: tsx
// compiles the TypeScript CLI (and the xapi library it uses) as they are imported.
import { register } from 'tsx/esm/api';

register();
// A closed pipe (`xapi-profile validate … | head`) is the reader's choice, not a failure.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
const { main } = await import('./xapi-profile-cli.ts');
process.exitCode = await main(process.argv.slice(2));
