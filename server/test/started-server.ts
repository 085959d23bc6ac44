import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { inject } from 'vitest';

/** Secrets for a real server a test starts as a child process (never used anywhere else). */
export const startUpSecrets = {
  SESSION_SECRET: 'session-secret-for-start-up-tests-only',
  SALT_SECRET: 'salt-secret-for-start-up-tests-only-xx',
  ALTCHA_HMAC_KEY: 'altcha-secret-for-start-up-tests-only-',
};

/** A loopback port nothing listens on now, for a server a test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** A server started as a child process from the sources, with everything it printed. */
export interface ServerRun {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * How to run the server as a child process: the compiled file when the global set-up found it
 * made from the sources as they are now (the one that ships, and it starts without compiling),
 * else `server/main.ts` through tsx.
 */
export function serverProgram(): string[] {
  const built = inject('builtServer');
  return built ? [built] : ['--import', 'tsx', 'server/main.ts'];
}

/** The server in a child process with only `PATH` and `env`, its output kept. */
export function startServerProcess(env: Record<string, string>, args: string[] = []): ServerRun {
  const child = spawn(process.execPath, [...serverProgram(), ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * The structured log lines a server printed, in order (the terminal's other lines left out). A
 * line still being written, after the last newline, is not read yet.
 */
export function logLines(output: string): Array<{ pid: number; msg: string }> {
  return output
    .split('\n')
    .slice(0, -1)
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { pid: number; msg: string });
}

/** Resolves once the server has printed `text`; fails at once if it exits first. */
export async function waitForOutput(
  run: ServerRun,
  text: string,
  timeoutMs = 60_000,
): Promise<void> {
  const started = Date.now();
  while (!run.output().includes(text)) {
    if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out waiting for "${text}":\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
