import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type StreamTransport from 'nodemailer/lib/stream-transport';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailLog {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * nodemailer is loaded with the first mail, not at start-up: a server may send none for hours, and
 * its modules would stay in the idle server's memory (see
 * docs/decisions/idle-memory-of-the-server-and-the-cost-of-a-kept-read.md).
 */
async function createTransport(
  options: string | SMTPTransport.Options | StreamTransport.Options,
): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(options as SMTPTransport.Options);
}

/** Delivers through the SMTP server named by `SMTP_URL`. */
export class SmtpMailer implements Mailer {
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.transport ??= createTransport(this.smtpUrl);
    await (await this.transport).sendMail({ from: this.from, ...message });
  }
}

/**
 * Without SMTP, mails are written as `.eml` files to an outbox folder a developer can open. The
 * log says a mail was written and where, never what it says: mails carry codes and keys.
 */
export class OutboxMailer implements Mailer {
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly folder: string,
    private readonly from: string,
    private readonly log: MailLog,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.transport ??= createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const transport = await this.transport;
    const info = (await transport.sendMail({ from: this.from, ...message })) as {
      message: Buffer;
    };
    mkdirSync(this.folder, { recursive: true });
    const file = path.join(
      this.folder,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`,
    );
    writeFileSync(file, info.message, { mode: 0o600 });
    this.log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
  }
}
