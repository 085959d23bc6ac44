import type { Db } from '../../db/client';
import type { ItemRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import type { VersionAccess } from '../profiles/access';
import { draftFor } from '../profiles/drafts';
import { nameDraftInScheme } from '../item-store/repo';
import { authorOf, ITEM_LABELS, listedItem } from './access';
import {
  addEntries,
  findItem,
  findEntry,
  isListedByPublished,
  removeEntry,
  type ItemListRow,
} from '../item-store/listing';

/**
 * Lists items of other profiles (or of this one) in a version: each must be one anyone may see
 * (listed by a published version) or one of the version's own profile, and not listed yet. A
 * published version gets a new draft first. Runs inside the caller's transaction.
 */
export async function linkItems(
  tx: Db,
  access: VersionAccess,
  kind: ItemRow['kind'],
  ids: string[],
): Promise<{ success: true; versionId: string }> {
  const author = authorOf(access);
  const rows: ItemListRow[] = [];
  for (const id of new Set(ids)) {
    const row = await findItem(tx, id);
    const visible =
      row &&
      row.item.kind === kind &&
      !row.item.deletedAt &&
      row.item.profileId !== null &&
      (row.item.profileId === access.profile.id || (await isListedByPublished(tx, id)));
    if (!row || !visible) throw notFound(`No such ${ITEM_LABELS[kind]} to add.`);
    rows.push(row);
  }
  const { draft } = await draftFor(tx, access.profile, access.version, author.id);
  const fresh = [];
  for (const row of rows) {
    if (await findEntry(tx, draft.id, row.item.id))
      throw conflict(`${row.item.name} is already in this version.`);
    fresh.push({
      componentId: row.item.id,
      linked: row.item.profileId !== access.profile.id,
    });
  }
  await addEntries(tx, draft.id, fresh);
  // An own item listed again belongs to the draft's version; a link keeps its profile's scheme.
  const own = fresh.filter((f) => !f.linked).map((f) => f.componentId);
  await nameDraftInScheme(tx, draft.id, draft.iri, { itemIds: own });
  return { success: true, versionId: draft.id };
}

/** Stops listing a linked item in a version (a new draft when the version is published). */
export async function unlinkItem(
  tx: Db,
  access: VersionAccess,
  kind: ItemRow['kind'],
  id: string,
  /** A last check of the listed item, e.g. that nothing else in the version uses it. */
  beforeRemoving?: (row: ItemListRow) => Promise<void>,
): Promise<{ success: true; versionId: string }> {
  const author = authorOf(access);
  const { entry, row } = await listedItem(tx, access, kind, id);
  if (!entry.linked)
    throw badRequest(`This ${ITEM_LABELS[kind]} is defined by this profile; it is not a link.`);
  await beforeRemoving?.(row);
  const { draft } = await draftFor(tx, access.profile, access.version, author.id);
  await removeEntry(tx, draft.id, id);
  return { success: true, versionId: draft.id };
}
