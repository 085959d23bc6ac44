import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import type { Database } from '../db/client';
import { testConfig } from '../test/app';
import { createTestDatabase } from '../test/database';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  statusCode?: number;
}

const INFO = 30;
const DEBUG = 20;
const ERROR = 50;

/**
 * Log volume stays bounded under load: routine requests are logged at debug only, a failure
 * writes one error line. The app logs through pino into a stream the test reads.
 */
async function appLoggingAt(level: 'info' | 'debug') {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: level }),
    database,
    logger: { stream },
  });
  // A route that fails the way a bug does: an error no handler expects.
  app.get('/test/unexpected-failure', async () => {
    throw new Error('a bug');
  });
  await app.ready();
  return { app, database, lines };
}

describe('request logging', () => {
  describe('at info', () => {
    let app: BuiltApp;
    let database: Database;
    let lines: LogLine[];
    beforeAll(async () => {
      ({ app, database, lines } = await appLoggingAt('info'));
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });
    const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

    it('writes no line for a successful request', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-request-id': 'ok-request' },
      });
      expect(response.statusCode).toBe(200);
      expect(linesOf('ok-request')).toEqual([]);
    });

    it('writes no line for a refused request', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/profile?limit=NaN',
        headers: { 'x-request-id': 'refused-request' },
      });
      expect(response.statusCode).toBe(400);
      expect(linesOf('refused-request')).toEqual([]);
    });

    it('writes one error line for a 500', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/test/unexpected-failure',
        headers: { 'x-request-id': 'failed-request' },
      });
      expect(response.statusCode).toBe(500);
      const written = linesOf('failed-request');
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({ level: ERROR, msg: 'unexpected error' });
      expect(written.filter((line) => line.level >= INFO && line.level < ERROR)).toEqual([]);
    });
  });

  describe('at debug', () => {
    let app: BuiltApp;
    let database: Database;
    let lines: LogLine[];
    beforeAll(async () => {
      ({ app, database, lines } = await appLoggingAt('debug'));
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it('writes the request and its completion at debug, with its status', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-request-id': 'debug-request' },
      });
      expect(response.statusCode).toBe(200);
      const written = lines.filter((line) => line.reqId === 'debug-request');
      expect(written).toEqual([
        expect.objectContaining({ level: DEBUG, msg: 'incoming request' }),
        expect.objectContaining({ level: DEBUG, msg: 'request completed', statusCode: 200 }),
      ]);
    });
  });
});
