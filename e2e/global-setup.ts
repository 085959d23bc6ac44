import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server for the run: the app under test mails through it (SMTP_URL), and every
 * message lands as a raw RFC 822 file in E2E_MAIL_DIR, where `mailbox.ts` reads codes and links
 * exactly as a person would find them in their inbox.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const folder = process.env.E2E_MAIL_DIR;
  if (!folder) throw new Error('E2E_MAIL_DIR is not set; playwright.config.ts sets it.');
  const port = Number(process.env.E2E_SMTP_PORT ?? 2525);
  mkdirSync(folder, { recursive: true });
  let count = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        count += 1;
        const name = `${Date.now()}-${String(count).padStart(5, '0')}.eml`;
        writeFileSync(path.join(folder, name), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
