#!/usr/bin/env node
// A plain-JS entry point so the command works from a checkout without a build step: tsx
// compiles the TypeScript CLI (and the xapi library it uses) as they are imported.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./xapi-profile-cli.ts');
process.exitCode = await main(process.argv.slice(2));
