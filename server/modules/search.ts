/**
 * A LIKE pattern that matches `text` literally anywhere: %, _ and the escape character are
 * escaped, so typed text is never a pattern.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
