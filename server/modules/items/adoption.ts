import type { Db } from '../../db/client';
import type { ItemRow, UserRow } from '../../db/schema';
import { conflict, notFound, unauthorized } from '../errors';
import type { OrganizationService } from '../organizations/service';
import { loadVersionAccess } from '../profiles/access';
import { currentVersionId, draftFor } from '../profiles/drafts';
import { findProfile } from '../profiles/repo';
import { authorOf, ITEM_LABELS } from './access';
import { presentDeletedItem } from './presenter';
import type { DeletedItemPlace, DeletedItems, MyDeletedItems } from '../../../common/items';
import {
  addEntries,
  countOrphans,
  findItem,
  findEntry,
  firstMemberProfile,
  listDeletedItems,
  listMemberDeletedItems,
} from '../item-store/listing';
import { nameDraftInScheme, reviseItem, revisionOf, updateIdentity } from '../item-store/repo';

export interface Adopted {
  uuid: string;
  /** The draft the item landed in. */
  versionId: string;
}

/**
 * Deleted Items and giving an item a profile again: a deleted item back into its own profile (members of its
 * group), or an orphan of a deleted profile into a profile of the claimer's group. Either way it
 * lands in that profile's current draft, made from the published version when there is none.
 */
export class ItemAdoption {
  constructor(private readonly deps: { db: Db; organizations: OrganizationService }) {}

  /** A profile's deleted items (for its members) and every orphan (for anyone signed in). */
  async deletedItems(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    page: number,
    limit: number,
  ): Promise<DeletedItems> {
    if (!user) throw unauthorized();
    const access = await loadVersionAccess(
      this.deps.organizations,
      this.deps.db,
      user,
      profileId,
      versionId,
    );
    const { rows, total } = await listDeletedItems(this.deps.db, {
      profileId: access.profile.id,
      includeDeleted: access.member,
      page,
      limit,
    });
    return { success: true, items: rows.map(presentDeletedItem), page, limit, total };
  }

  /**
   * Deleted Items across profiles: the deleted items of every profile of the person's groups,
   * each with the version whose Deleted Items page restores it, and the orphans they may claim.
   */
  async myDeletedItems(user: UserRow | null, page: number, limit: number): Promise<MyDeletedItems> {
    if (!user) throw unauthorized();
    const db = this.deps.db;
    const [{ rows, total }, orphanTotal, first] = await Promise.all([
      listMemberDeletedItems(db, { userId: user.id, page, limit }),
      countOrphans(db),
      firstMemberProfile(db, user.id),
    ]);
    const items = rows.flatMap((row) => {
      const versionId = row.parent ? currentVersionId(row.parent) : null;
      if (!row.parent || !row.organization || !versionId) return [];
      const place: DeletedItemPlace = {
        organization: { uuid: row.organization.id, name: row.organization.name },
        profile: { uuid: row.parent.id, name: row.parentVersion?.name ?? row.parent.iri },
        versionId,
      };
      return [{ ...presentDeletedItem(row), place }];
    });
    const firstVersionId = first ? currentVersionId(first.profile) : null;
    const orphanPlace: DeletedItemPlace | null =
      first && firstVersionId
        ? {
            organization: { uuid: first.organization.id, name: first.organization.name },
            profile: { uuid: first.profile.id, name: first.version.name },
            versionId: firstVersionId,
          }
        : null;
    return {
      success: true,
      items,
      orphans: { total: orphanTotal, place: orphanPlace },
      page,
      limit,
      total,
    };
  }

  private adopt(
    user: UserRow | null,
    kind: ItemRow['kind'],
    itemId: string,
    profileId: string,
    which: 'restore' | 'claim',
  ): Promise<Adopted> {
    const label = ITEM_LABELS[kind];
    return this.deps.db.transaction(async (tx) => {
      // Deleted and orphaned items are read as they were last: nothing lists them any more.
      const row = await findItem(tx, itemId, revisionOf.latest);
      if (!row || row.item.kind !== kind) throw notFound(`No such ${label}.`);
      const { item } = row;
      if (which === 'restore' && (item.profileId !== profileId || !item.deletedAt))
        throw notFound(`No such deleted ${label} in this profile.`);
      if (which === 'claim' && item.profileId !== null)
        throw conflict(`This ${label} belongs to a profile; only orphans can be claimed.`);
      const profile = await findProfile(tx, profileId, true);
      const currentId = profile ? currentVersionId(profile) : null;
      if (!profile || !currentId) throw notFound('No such profile.');
      const access = await loadVersionAccess(
        this.deps.organizations,
        tx,
        user,
        profile.id,
        currentId,
        { forUpdate: true },
      );
      const author = authorOf(access);
      const { draft } = await draftFor(tx, access.profile, access.version, author.id);
      // A claimed orphan is defined by its new profile from this version on.
      const content: ItemRow['content'] =
        which === 'claim' ? { ...item.content, inScheme: draft.iri } : item.content;
      await updateIdentity(tx, itemId, { profileId: profile.id, deletedAt: null });
      if (!(await findEntry(tx, draft.id, itemId)))
        await addEntries(tx, draft.id, [{ componentId: itemId, linked: false }]);
      if (which === 'claim')
        await reviseItem(tx, draft.id, itemId, { content, updatedBy: author.id });
      // A restored item belongs to the draft's version now, whichever it was deleted from.
      else await nameDraftInScheme(tx, draft.id, draft.iri, { itemIds: [itemId] });
      return { uuid: itemId, versionId: draft.id };
    });
  }

  restore = (user: UserRow | null, kind: ItemRow['kind'], itemId: string, profileId: string) =>
    this.adopt(user, kind, itemId, profileId, 'restore');

  claim = (user: UserRow | null, kind: ItemRow['kind'], itemId: string, profileId: string) =>
    this.adopt(user, kind, itemId, profileId, 'claim');
}
