import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutboxMailer } from './mailer';

describe('OutboxMailer', () => {
  it('writes each mail to the outbox folder, readable by its owner only, and logs where, not what', async () => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'xps-mail-')), 'outbox');
    const logged: Array<Record<string, unknown>> = [];
    const mailer = new OutboxMailer(folder, 'site@example.org', {
      info: (details) => logged.push(details),
      error: () => {},
    });
    await mailer.send({ to: 'ana@example.org', subject: 'Your code', text: 'code 123456' });
    await mailer.send({ to: 'bo@example.org', subject: 'Second', text: 'another' });

    const files = readdirSync(folder).sort();
    expect(files).toHaveLength(2);
    const first = files.find((f) => f.includes('ana@example.org')) ?? '';
    const written = readFileSync(path.join(folder, first), 'utf8');
    expect(written).toContain('Subject: Your code');
    expect(written).toContain('From: site@example.org');
    expect(written).toContain('code 123456');
    expect(statSync(path.join(folder, first)).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(logged)).not.toContain('123456');
    expect(logged[0]).toMatchObject({ to: 'ana@example.org', subject: 'Your code' });
  });
});
