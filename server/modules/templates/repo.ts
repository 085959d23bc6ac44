import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profileComponents, versionComponents, type ComponentRow } from '../../db/schema';
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
): Promise<ComponentRow[]> {
  const rows = await db
    .select({ component: profileComponents })
    .from(versionComponents)
    .innerJoin(profileComponents, eq(profileComponents.id, versionComponents.componentId))
    .where(
      and(
        eq(versionComponents.versionId, versionId),
        inArray(profileComponents.kind, ['template', 'pattern']),
        ne(profileComponents.id, exceptId),
      ),
    );
  return rows.map((r) => r.component).filter((c) => refersTo(c.content, iri));
}
