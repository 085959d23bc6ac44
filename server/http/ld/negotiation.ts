/** The representations a profile has; the first is what a request without preference gets. */
export type Representation = 'html' | 'jsonld' | 'json' | 'turtle';

const mediaTypes: Record<string, Representation> = {
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/ld+json': 'jsonld',
  'application/json': 'json',
  'text/turtle': 'turtle',
};

export const contentTypeOf: Record<Exclude<Representation, 'html'>, string> = {
  jsonld: 'application/ld+json; charset=utf-8',
  json: 'application/json; charset=utf-8',
  turtle: 'text/turtle; charset=utf-8',
};

/**
 * Picks the representation an Accept header prefers (RFC 9110 §12.5.1: highest q wins, then the
 * more specific range, then `offered` order). Wildcards match the first offered type. Returns
 * null when nothing offered is acceptable.
 */
export function negotiate(
  accept: string | undefined,
  offered: Representation[],
): Representation | null {
  const first = offered[0] ?? null;
  if (!accept || accept.trim() === '') return first;
  let best: { rep: Representation; q: number; specificity: number; order: number } | null = null;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const candidates: Array<[Representation, number]> = [];
    if (range === '*/*') {
      if (first) candidates.push([first, 0]);
    } else if (range.endsWith('/*')) {
      const prefix = range.slice(0, -1);
      const match = offered.find((rep) =>
        Object.entries(mediaTypes).some(([type, r]) => r === rep && type.startsWith(prefix)),
      );
      if (match) candidates.push([match, 1]);
    } else {
      const rep = mediaTypes[range];
      if (rep && offered.includes(rep)) candidates.push([rep, 2]);
    }
    for (const [rep, specificity] of candidates) {
      const order = offered.indexOf(rep);
      if (
        !best ||
        q > best.q ||
        (q === best.q && specificity > best.specificity) ||
        (q === best.q && specificity === best.specificity && order < best.order)
      ) {
        best = { rep, q, specificity, order };
      }
    }
  }
  return best?.rep ?? null;
}

/**
 * The media type an Accept header prefers among `offered` (highest q, then the more specific
 * range, then `offered` order); the first offered when there is no header; null when none fits.
 */
export function pickMediaType(accept: string | undefined, offered: string[]): string | null {
  const first = offered[0] ?? null;
  if (!accept || accept.trim() === '') return first;
  let best: { type: string; q: number; specificity: number; order: number } | null = null;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const specificity = range === '*/*' ? 0 : range.endsWith('/*') ? 1 : 2;
    const prefix = range.slice(0, -1);
    const type =
      specificity === 0
        ? first
        : specificity === 1
          ? (offered.find((t) => t.startsWith(prefix)) ?? null)
          : (offered.find((t) => t === range) ?? null);
    if (!type) continue;
    const order = offered.indexOf(type);
    if (
      !best ||
      q > best.q ||
      (q === best.q && specificity > best.specificity) ||
      (q === best.q && specificity === best.specificity && order < best.order)
    )
      best = { type, q, specificity, order };
  }
  return best?.type ?? null;
}
