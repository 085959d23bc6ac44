import { contentLabels } from '../../../common/concept-content';
import type { Db } from '../../db/client';
import type { ItemRow, UserRow } from '../../db/schema';
import { forbidden, notFound } from '../errors';
import { groupPolicy, isMember } from '../organizations/policy';
import type { OrganizationService } from '../organizations/service';
import type { VersionAccess } from '../profiles/access';
import { requireCurrent } from '../profiles/drafts';
import { LISTS } from '../item-store/known-items';
import { findItem, findEntry, type ItemListRow } from '../item-store/listing';
import { revisionOf } from '../item-store/repo';

type Json = Record<string, unknown>;
type Kind = ItemRow['kind'];

/** How refusals name an item of each kind. */
export const ITEM_LABELS: Record<Kind, string> = {
  concept: 'concept',
  template: 'statement template',
  pattern: 'pattern',
};

/** Member of the owning group working on the current version: who may author items. */
export function authorOf(access: VersionAccess): UserRow {
  const user = groupPolicy.member(access.actor);
  requireCurrent(access.profile, access.version);
  return user;
}

/** Whether a signed-in user belongs to a group (a group they cannot see counts as not). */
export async function isMemberOfGroup(
  organizations: OrganizationService,
  user: UserRow | null,
  organizationId: string,
): Promise<boolean> {
  if (!user) return false;
  const loaded = await organizations.load(user, organizationId).catch(() => null);
  return loaded !== null && isMember(loaded.actor);
}

/** An item of a kind as the version lists it (the version's revision of it), or 404. */
export async function listedItem(db: Db, access: VersionAccess, kind: Kind, id: string) {
  const entry = await findEntry(db, access.version.id, id);
  const row = entry ? await findItem(db, id, revisionOf.version(access.version.id)) : null;
  if (!entry || !row || row.item.kind !== kind)
    throw notFound(`No such ${ITEM_LABELS[kind]} in this version.`);
  return { entry, row };
}

/** Own, not deprecated, on the current version, by a member: what an edit needs. */
export async function editableItem(db: Db, access: VersionAccess, kind: Kind, id: string) {
  const user = authorOf(access);
  const { entry, row } = await listedItem(db, access, kind, id);
  const label = ITEM_LABELS[kind];
  if (entry.linked || row.item.profileId !== access.profile.id)
    throw forbidden(
      `This ${label} belongs to another profile; only its own profile can change it.`,
    );
  if (row.item.deprecated) throw forbidden(`A deprecated ${label} cannot be changed.`);
  return { user, entry, row };
}

/**
 * How a published version shows its own items: as its frozen document has them, so a later
 * change in a newer draft (a translation, a deprecation) does not show up in older versions.
 */
export function frozenAs(access: VersionAccess, kind: Kind): (row: ItemListRow) => ItemListRow {
  const snapshot = access.version.state === 'published' ? access.version.snapshot : null;
  const list = snapshot?.[LISTS[kind]];
  const items = Array.isArray(list) ? (list as Json[]) : [];
  const byIri = new Map(items.map((item) => [item.id, item]));
  return (row) => {
    const content = byIri.get(row.item.iri);
    if (!content) return row;
    return {
      ...row,
      item: {
        ...row.item,
        content,
        name: contentLabels(content).name || row.item.name,
        deprecated: content.deprecated === true,
      },
    };
  };
}
