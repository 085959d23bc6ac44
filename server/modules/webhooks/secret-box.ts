import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keeps webhook client secrets encrypted at rest (AES-256-GCM, with a key derived from the
 * session secret): a copy of the database alone does not give them away, and the server can
 * still read them back to sign deliveries.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(masterSecret: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', masterSecret, 'xapi-profile-server', 'webhook client secrets', 32),
    );
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), text].map((b) => b.toString('base64url')).join('.');
  }

  /** The secret, or null when it was sealed with another key (the session secret changed). */
  open(sealed: string): string | null {
    const [iv, tag, text] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !text) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/** What delivering webhooks needs besides the database. */
export interface WebhookSettings {
  secrets: SecretBox;
  allowPrivateTargets: boolean;
  /** Waits before each retry, in milliseconds. */
  retryDelaysMs: readonly number[];
}
