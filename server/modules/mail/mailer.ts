import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

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

/** Delivers through the SMTP server named by `SMTP_URL`. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

/**
 * Without SMTP, mails are written as `.eml` files to an outbox folder a developer can open. The
 * log says a mail was written and where, never what it says: mails carry codes and keys.
 */
export class OutboxMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    private readonly folder: string,
    private readonly from: string,
    private readonly log: MailLog,
  ) {
    this.transport = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    });
  }

  async send(message: MailMessage): Promise<void> {
    const info = (await this.transport.sendMail({ from: this.from, ...message })) as {
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
