/** K10: a pattern must not contain itself at any depth. */
import type { Db } from '../../db/client';
import type { ItemRow } from '../../db/schema';
import { findItemsByIris } from '../item-store/repo';
import { componentIrisOf } from './content';

/**
 * Whether a pattern component contains the pattern `iri` at any depth, following component IRIs
 * through the patterns this server has (of any profile), each IRI once.
 */
export async function containsPattern(db: Db, component: ItemRow, iri: string) {
  if (component.iri === iri) return true;
  const seen = new Set<string>([component.iri]);
  let wanted = componentIrisOf(component.content);
  while (wanted.length > 0) {
    if (wanted.includes(iri)) return true;
    for (const next of wanted) seen.add(next);
    const found = await findItemsByIris(db, [...new Set(wanted)]);
    wanted = found
      .filter((row) => row.kind === 'pattern')
      .flatMap((row) => componentIrisOf(row.content))
      .filter((next) => !seen.has(next));
  }
  return false;
}
