/** One spelling per mailbox: trimmed and lower-cased, so uniqueness is a plain comparison. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
