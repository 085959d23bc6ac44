import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Mail {
  file: string;
  to: string[];
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Reads one raw message: its recipients, subject and decoded plain-text body. */
export function parseMail(file: string, raw: string): Mail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ');
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) =>
    new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  const to = (header('To').match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? []).map((a) => a.toLowerCase());
  return { file, to, subject: header('Subject'), text: text.replace(/\r\n/g, '\n') };
}

function mailFolder(): string {
  const folder = process.env.E2E_MAIL_DIR;
  if (!folder) throw new Error('E2E_MAIL_DIR is not set; playwright.config.ts sets it.');
  return folder;
}

/** Every mail received so far, newest first (file names start with the arrival time). */
export function allMail(): Mail[] {
  const folder = mailFolder();
  return readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse()
    .map((name) => parseMail(name, readFileSync(path.join(folder, name), 'utf8')));
}

/**
 * Waits for the newest mail to `to` whose text matches `pattern` and answers the match. Pass the
 * files already seen in `after` to wait for a new mail rather than an older one that also matches.
 */
export async function waitForMail(
  to: string,
  pattern: RegExp,
  {
    timeoutMs = 15_000,
    after = new Set<string>(),
  }: { timeoutMs?: number; after?: Set<string> } = {},
): Promise<RegExpExecArray> {
  const address = to.toLowerCase();
  const started = Date.now();
  for (;;) {
    for (const mail of allMail()) {
      if (after.has(mail.file) || !mail.to.includes(address)) continue;
      const match = pattern.exec(mail.text);
      if (match) return match;
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`No mail to ${to} matching ${String(pattern)} within ${timeoutMs} ms.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The files of every mail received so far, to pass as `after`. */
export function seenMail(): Set<string> {
  return new Set(allMail().map((mail) => mail.file));
}

/** The code from the newest validation mail to `to` (`Your validation code: XXXX-XXXX`). */
export async function validationCode(to: string, after?: Set<string>): Promise<string> {
  const match = await waitForMail(to, /Your validation code: ([A-Z0-9]{4}-[A-Z0-9]{4})/, {
    after,
  });
  return match[1] ?? '';
}

/**
 * The reset link from the newest reset mail to `to`, as a path and query: the mail names the
 * site's public address, while the tests talk to the server they started.
 */
export async function resetLink(to: string, after?: Set<string>): Promise<string> {
  const match = await waitForMail(to, /(\S*\/user\/resetpassword\?key=\S+)/, { after });
  const url = new URL(match[1] ?? '', 'http://localhost');
  return `${url.pathname}${url.search}`;
}
