import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itemRevisions, profileItems, versionItems, type ItemRow } from '../../db/schema';
import { itemColumns } from '../item-store/repo';
import { refersTo } from './content';

/**
 * The templates and patterns a version lists (own or linked) that name `iri` as a template
 * reference or a pattern component: what would break if that template left the version.
 */
export async function itemsReferring(
  db: Db,
  versionId: string,
  iri: string,
  exceptId: string,
): Promise<ItemRow[]> {
  const rows = await db
    .select({ item: itemColumns })
    .from(versionItems)
    .innerJoin(profileItems, eq(profileItems.id, versionItems.componentId))
    .innerJoin(itemRevisions, eq(itemRevisions.id, versionItems.revisionId))
    .where(
      and(
        eq(versionItems.versionId, versionId),
        inArray(profileItems.kind, ['template', 'pattern']),
        ne(profileItems.id, exceptId),
      ),
    );
  return rows.map((r) => r.item).filter((c) => refersTo(c.content, iri));
}
