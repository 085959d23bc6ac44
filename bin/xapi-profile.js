#!/usr/bin/env node
// A plain-JS entry point so the command works from a checkout without a build step. The
// TypeScript command line is compiled once into one plain-JavaScript file (see
// `compiled-cli.js`) and run from there while none of its sources has changed; where that cannot
// be done, tsx compiles each module as it is imported, as before.
import { compiledCli } from './compiled-cli.js';

// A closed pipe (`xapi-profile validate … | head`) is the reader's choice, not a failure.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

async function loadMain() {
  const file = await compiledCli();
  if (file !== undefined) {
    try {
      return (await import(file)).main;
    } catch {
      // A compiled file another run has just replaced: compile as imported instead.
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  return (await import('./xapi-profile-cli.ts')).main;
}

const main = await loadMain();
process.exitCode = await main(process.argv.slice(2));
