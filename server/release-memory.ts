import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Runs one full garbage collection, once start-up is over. Opening a new PGlite data folder runs
 * initdb in a second WebAssembly instance and drops it: hundreds of MB that V8 only gives back on a
 * full collection, which an idle server may not run for hours. Collecting once here brings the
 * resident memory of a first start down to that of a restart (see
 * docs/decisions/memory-of-the-embedded-database-and-weight-of-the-web-app.md).
 */
export function releaseStartUpMemory(): void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) {
    exposed();
    return;
  }
  // Node's documented way to reach V8's collector without the `--expose-gc` command-line flag.
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc') as () => void;
  v8.setFlagsFromString('--no-expose-gc');
  collect();
}
