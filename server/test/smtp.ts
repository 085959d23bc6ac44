import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
  /** The body with quoted-printable soft breaks and escapes undone. */
  text: string;
  subject: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A real SMTP server on a free local port that keeps every message it receives, so tests read
 * the codes and links the app mailed exactly as a person would.
 */
export async function startSmtpCapture() {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(rest.join('\n\n')),
          subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest mail to `to` whose text matches `pattern`, waiting for delivery. */
    async waitFor(to: string, pattern: RegExp, timeoutMs = 10_000): Promise<RegExpExecArray> {
      const started = Date.now();
      for (;;) {
        for (const mail of [...mails].reverse()) {
          const match = mail.to.includes(to) ? pattern.exec(mail.text) : null;
          if (match) return match;
        }
        if (Date.now() - started > timeoutMs) {
          throw new Error(`no mail to ${to} matching ${pattern} (have ${mails.length})`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    mailsTo: (to: string) => mails.filter((m) => m.to.includes(to)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
