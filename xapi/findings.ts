export type Severity = 'error' | 'warning';

/** One problem in a profile document. `path` is a JSON Pointer (RFC 6901) into the document. */
export interface Finding {
  ruleId: string;
  severity: Severity;
  path: string;
  message: string;
}

export function pointer(base: string, ...tokens: (string | number)[]): string {
  let out = base;
  for (const token of tokens) out += '/' + pointerToken(token);
  return out;
}

/**
 * One reference token of a JSON Pointer: `~` written `~0`, `/` written `~1` (RFC 6901). Statement
 * checks build one for every field, so a token with neither is given back as it is.
 */
export function pointerToken(token: string | number): string {
  if (typeof token === 'number') return String(token);
  return token.includes('~') || token.includes('/')
    ? token.replace(/~/g, '~0').replace(/\//g, '~1')
    : token;
}

const severityOrder: Record<Severity, number> = { error: 0, warning: 1 };

/** Errors first, then by document position, so output is stable across runs. */
export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      severityOrder[a.severity] - severityOrder[b.severity] ||
      comparePaths(a.path, b.path) ||
      a.ruleId.localeCompare(b.ruleId),
  );
}

function comparePaths(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const x = as[i] ?? '';
    const y = bs[i] ?? '';
    if (x === y) continue;
    const nx = Number(x);
    const ny = Number(y);
    if (x !== '' && y !== '' && Number.isInteger(nx) && Number.isInteger(ny)) return nx - ny;
    return x < y ? -1 : 1;
  }
  return as.length - bs.length;
}
