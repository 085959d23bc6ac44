import { defineConfig } from 'vitest/config';

// Two projects: everything that runs in Node (server, xapi, common, scripts) and the React
// components under jsdom. They must stay apart: the jsdom setup touches `window`.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'xapi/**/*.test.ts',
            'common/**/*.test.ts',
            'bin/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
          globals: true,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
