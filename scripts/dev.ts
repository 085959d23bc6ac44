/**
 * `npm run dev`: the server (restarting on change) and Vite's dev server with hot reload, which
 * proxies `/app`, `/api` and `/health` to it. Open http://localhost:5173.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  spawn('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
  }),
  spawn('node_modules/.bin/vite', ['--config', 'web/vite.config.ts'], { stdio: 'inherit' }),
];

let stopping = false;
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
