/**
 * Largest Contentful Paint of the home page in Chromium on loopback: starts this checkout's
 * server (PGlite, demo content, the built web app), opens `/` in a fresh browser a few times and
 * prints each LCP and the median. Run after `npm run build:web`:
 *   node --import tsx bench/lcp.ts [runs]
 * Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
 */
import { chromium } from '@playwright/test';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server-process.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** LCP of `url` in ms, one fresh browser context per run. */
export async function measureLcp(url: string, runs = 3): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const results: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'networkidle' });
      // The last LCP entry the page reported; buffered, so entries before this script count.
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((done) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              done(entries[entries.length - 1]?.startTime ?? Number.NaN);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => done(Number.NaN), 5_000);
          }),
      );
      results.push(lcp);
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const runs = Number(process.argv[2] ?? 3);
  const server = await startServer({ root: repoRoot });
  try {
    // One visit first, so the server's own first-request work is not counted as the page's.
    await fetch(`${server.url}/app/home`);
    const results = await measureLcp(`${server.url}/`, runs);
    const sorted = [...results].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    console.log(
      `LCP of / : ${results.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${median.toFixed(0)} ms (goal ≤ 1000)`,
    );
  } finally {
    await server.stop();
  }
}
