import { ErrorCode } from '../../../common/errors';
import {
  componentProblems,
  CYCLE_MESSAGE,
  generatedPatternIri,
  PATTERN_LIMITED_EDIT_MESSAGE,
  type ComponentInput,
  type ComponentList,
  type ComponentType,
  type CreatePatternValues,
  type EditPatternValues,
  type PatternChange,
  type PatternComponent,
  type PatternList,
  type PatternType,
  type PatternView,
} from '../../../common/patterns';
import type { Db } from '../../db/client';
import type { ProfileVersionRow, UserRow } from '../../db/schema';
import {
  authorOf,
  editableItem,
  frozenAs,
  isMemberOfGroup,
  ITEM_LABELS,
  listedItem,
} from '../items/access';
import { checkItemInDocument } from '../items/check';
import { linkItems, unlinkItem } from '../items/links';
import {
  addEntries,
  findItem,
  findEmail,
  isListedByPublished,
  pageVersionItems,
  removeEntry,
  searchItems,
  type ItemListRow,
  type ItemSort,
} from '../item-store/listing';
import {
  findItemsByIris,
  insertItem,
  listVersionItems,
  updateItem,
} from '../item-store/repo';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../errors';
import { lockResource, type HeldLock, type LockService } from '../locks/service';
import type { OrganizationService } from '../organizations/service';
import { loadVersionAccess, type VersionAccess } from '../profiles/access';
import { currentVersionId, draftFor } from '../profiles/drafts';
import { findProfile, findVersion } from '../profiles/repo';
import {
  componentIrisOf,
  fixedParts,
  patternContent,
  patternExtras,
  patternTypeOf,
} from './content';
import { containsPattern } from './cycles';
import { presentComponent, presentPatternRow, presentPatternView } from './presenter';

export interface PatternServiceDeps {
  db: Db;
  organizations: OrganizationService;
  locks: LockService;
  now?: () => Date;
}

type Json = Record<string, unknown>;

/** A refusal by the pattern rules: the first problem as the message, every one in `errors`. */
const refused = (errors: string[]) =>
  new AppError(400, ErrorCode.ValidationFailed, errors[0] ?? 'The pattern is not valid.', {
    errors,
  });

/**
 * Patterns inside profile versions: authored by members of the owning group on the current
 * version, read by everyone where a published version lists them. Their components are
 * templates and patterns of this profile or of published ones; the pattern rules of the xAPI
 * Profiles specification are checked before every save. A change to a published version lands
 * in a new draft; edits need the editor's write lock.
 */
export class PatternService {
  private readonly now: () => Date;

  constructor(private readonly deps: PatternServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private get db(): Db {
    return this.deps.db;
  }

  private access(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    db = this.db,
    forUpdate = false,
  ) {
    return loadVersionAccess(this.deps.organizations, db, user, profileId, versionId, forUpdate);
  }

  async list(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    query: { sort: ItemSort; page: number; limit: number },
  ): Promise<PatternList> {
    const access = await this.access(user, profileId, versionId);
    const { rows, total } = await pageVersionItems(this.db, access.version.id, 'pattern', query);
    const asPublished = frozenAs(access, 'pattern');
    return {
      success: true,
      patterns: rows.map((row) => presentPatternRow(asPublished(row))),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  /** The components a pattern names, in order, with what the server knows about each. */
  private async componentsOf(content: Json): Promise<PatternComponent[]> {
    const iris = componentIrisOf(content);
    const found = await findItemsByIris(this.db, [...new Set(iris)]);
    const rows = new Map<string, ItemListRow | null>();
    for (const component of found)
      rows.set(component.iri, await findItem(this.db, component.id));
    return iris.map((iri) => presentComponent(iri, rows.get(iri) ?? null));
  }

  private async view(
    user: UserRow | null,
    row: ItemListRow,
    linked: boolean,
    permissions: PatternView['permissions'],
  ): Promise<PatternView> {
    return presentPatternView(row, {
      linked,
      components: await this.componentsOf(row.component.content),
      // Who deprecated or changed an item is shown to signed-in people only.
      deprecatedBy: user ? await findEmail(this.db, row.component.deprecatedBy) : null,
      updatedBy: user ? await findEmail(this.db, row.component.updatedBy) : null,
      permissions,
    });
  }

  async get(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    patternId: string,
  ): Promise<PatternView> {
    const access = await this.access(user, profileId, versionId);
    const listed = await listedItem(this.db, access, 'pattern', patternId);
    const { entry } = listed;
    const row = frozenAs(access, 'pattern')(listed.row);
    const current = access.member && access.version.id === currentVersionId(access.profile);
    const own = !entry.linked && row.component.profileId === access.profile.id;
    return this.view(user, row, entry.linked, {
      edit: current && own && !row.component.deprecated,
      removeLink: current && entry.linked,
      claim: false,
    });
  }

  /** One pattern wherever it is: public where a published version lists it. */
  async getPublic(user: UserRow | null, patternId: string): Promise<PatternView> {
    const row = await findItem(this.db, patternId);
    if (!row || row.component.kind !== 'pattern') throw notFound('No such pattern.');
    const orphan = row.component.profileId === null;
    let visible =
      (await isListedByPublished(this.db, row.component.id)) && !row.component.deletedAt;
    if (!visible && orphan) visible = user !== null;
    if (!visible && row.parent)
      visible = await isMemberOfGroup(this.deps.organizations, user, row.parent.organizationId);
    if (!visible) throw notFound('No such pattern.');
    return this.view(user, row, false, {
      edit: false,
      removeLink: false,
      claim: orphan && user !== null,
    });
  }

  /** The version a search is made for, and whether the viewer may see its profile's drafts. */
  private async searchContext(
    user: UserRow | null,
    versionId: string | undefined,
  ): Promise<{ version: ProfileVersionRow | undefined; member: boolean }> {
    if (!versionId) return { version: undefined, member: false };
    const version = await findVersion(this.db, versionId);
    if (!version) throw notFound('No such version.');
    const profile = await findProfile(this.db, version.profileId);
    const member = profile
      ? await isMemberOfGroup(this.deps.organizations, user, profile.organizationId)
      : false;
    return { version, member };
  }

  /** Patterns to add to a version: not those it lists, no drafts of other profiles. */
  async search(
    user: UserRow | null,
    query: { search: string; page: number; limit: number; versionId?: string | undefined },
  ): Promise<PatternList> {
    const { version, member } = await this.searchContext(user, query.versionId);
    const { rows, total } = await searchItems(this.db, {
      kind: 'pattern',
      search: query.search,
      version,
      memberOfVersion: member,
      excludeDeprecated: false,
      listed: 'hide',
      page: query.page,
      limit: query.limit,
    });
    return {
      success: true,
      patterns: rows.map(presentPatternRow),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  /**
   * Templates or patterns to use as components of a pattern in a version: never deprecated ones,
   * drafts only of the version's own profile, what the version lists included, the pattern
   * being edited left out.
   */
  async searchComponents(
    user: UserRow | null,
    query: {
      search: string;
      page: number;
      limit: number;
      versionId: string;
      componentType: ComponentType;
      patternId?: string | undefined;
    },
  ): Promise<ComponentList> {
    const { version, member } = await this.searchContext(user, query.versionId);
    const { rows, total } = await searchItems(this.db, {
      kind: query.componentType,
      search: query.search,
      version,
      memberOfVersion: member,
      excludeDeprecated: true,
      listed: 'include',
      excludeIds: query.patternId ? [query.patternId] : undefined,
      page: query.page,
      limit: query.limit,
    });
    return {
      success: true,
      components: rows.map((row) => presentComponent(row.component.iri, row)),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  /**
   * The items the form chose as components, in order. An item the pattern already has stays
   * whatever became of it; a new one must be visible to the profile (its own, or listed by a
   * published version), not deleted and not deprecated.
   */
  private async resolveComponents(
    tx: Db,
    access: VersionAccess,
    inputs: ComponentInput[],
    kept: ReadonlySet<string> = new Set(),
  ): Promise<ItemListRow[]> {
    const rows: ItemListRow[] = [];
    for (const input of inputs) {
      const label = ITEM_LABELS[input.componentType];
      const row = await findItem(tx, input.componentId);
      if (!row || row.component.kind !== input.componentType)
        throw notFound(`No such ${label} to use as a component.`);
      rows.push(row);
      const { component } = row;
      if (kept.has(component.iri)) continue;
      const visible =
        !component.deletedAt &&
        component.profileId !== null &&
        (component.profileId === access.profile.id ||
          (await isListedByPublished(tx, component.id)));
      if (!visible) throw notFound(`No such ${label} to use as a component.`);
      if (component.deprecated)
        throw badRequest(
          `The ${label} ${component.name} is deprecated, so it cannot be added to a pattern.`,
        );
    }
    return rows;
  }

  /**
   * Whether the form sent the components a published pattern has, in order, as far as the form
   * can name them: members this server does not know are left out of the comparison.
   */
  private async sameKnownComponents(
    tx: Db,
    stored: Json,
    inputs: ComponentInput[],
  ): Promise<boolean> {
    const iris = componentIrisOf(stored);
    const known = new Set((await findItemsByIris(tx, iris)).map((c) => c.iri));
    const sent: string[] = [];
    for (const input of inputs) {
      const found = await findItem(tx, input.componentId);
      sent.push(found?.component.iri ?? input.componentId);
    }
    return JSON.stringify(iris.filter((iri) => known.has(iri))) === JSON.stringify(sent);
  }

  /** K5–K9 as far as the pattern alone tells, then K10 through the server's patterns. */
  private async checkComponents(
    tx: Db,
    iri: string,
    type: PatternType,
    primary: boolean,
    rows: ItemListRow[],
  ): Promise<void> {
    const problems = componentProblems(
      type,
      primary,
      rows.map(({ component }) => ({
        componentType: component.kind === 'pattern' ? 'pattern' : 'template',
        componentId: component.id,
        name: component.name,
        patternType:
          component.kind === 'pattern'
            ? (patternTypeOf(component.content) ?? undefined)
            : undefined,
      })),
    );
    if (problems.length > 0) throw refused(problems);
    for (const { component } of rows)
      if (component.kind === 'pattern' && (await containsPattern(tx, component, iri)))
        throw refused([CYCLE_MESSAGE(component.name)]);
  }

  /** Checks a pattern inside its version's document; findings on it refuse the save. */
  private checkInDocument(
    tx: Db,
    access: VersionAccess,
    content: Json,
    previous?: Json,
  ): Promise<void> {
    return checkItemInDocument(tx, {
      access,
      kind: 'pattern',
      content,
      previous,
      generatedAt: this.now().toISOString(),
      label: 'pattern',
    });
  }

  async create(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    values: CreatePatternValues,
  ): Promise<PatternChange> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const author = authorOf(access);
      const iri =
        values.iriType === 'external-iri'
          ? (values.extiri ?? '')
          : generatedPatternIri(access.profile.iri, values.geniri ?? '');
      if ((await findItemsByIris(tx, [iri])).length > 0)
        throw conflict(`Something on this server already has the IRI ${iri}.`);
      const rows = await this.resolveComponents(tx, access, values.components);
      await this.checkComponents(tx, iri, values.type, values.primary, rows);
      const { profile, draft } = await draftFor(tx, access.profile, access.version, author.id);
      const content = patternContent(values, {
        iri,
        inScheme: draft.iri,
        type: values.type,
        componentIris: rows.map((r) => r.component.iri),
      });
      await this.checkInDocument(tx, { ...access, profile, version: draft }, content);
      const created = await insertItem(tx, {
        kind: 'pattern',
        type: 'Pattern',
        iri,
        profileId: profile.id,
        name: values.name,
        content,
        extras: patternExtras(values),
        createdBy: author.id,
        updatedBy: author.id,
      });
      await addEntries(tx, draft.id, [{ componentId: created.id, linked: false }]);
      return { success: true, pattern: { uuid: created.id }, versionId: draft.id };
    });
  }

  /**
   * Edits a pattern: while no published version of its profile lists it, everything but its
   * type and IRI; from then on only translations, tags and more information.
   */
  async update(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    patternId: string,
    values: EditPatternValues,
  ): Promise<PatternChange> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const { user: author, row } = await editableItem(tx, access, 'pattern', patternId);
      await this.deps.locks.requireHeld(tx, author, lockResource.component(patternId));
      const previous = row.component.content;
      const type = patternTypeOf(previous);
      if (!type)
        throw badRequest(
          'This pattern does not have exactly one of sequence, alternates, optional, oneOrMore or zeroOrMore, so it cannot be edited here.',
        );
      const kept = new Set(componentIrisOf(previous));
      // Once published the components are fixed: they stay exactly as stored, including
      // members this server does not know (from an import), which the form cannot name.
      const rows = row.published
        ? []
        : await this.resolveComponents(tx, access, values.components, kept);
      const content = patternContent(values, {
        iri: row.component.iri,
        inScheme: typeof previous.inScheme === 'string' ? previous.inScheme : access.version.iri,
        type,
        componentIris: row.published ? componentIrisOf(previous) : rows.map((r) => r.component.iri),
        previous,
      });
      if (
        row.published &&
        (fixedParts(content) !== fixedParts(previous) ||
          !(await this.sameKnownComponents(tx, previous, values.components)))
      )
        throw badRequest(PATTERN_LIMITED_EDIT_MESSAGE);
      if (!row.published)
        await this.checkComponents(tx, row.component.iri, type, values.primary, rows);
      const { profile, draft } = await draftFor(tx, access.profile, access.version, author.id);
      await this.checkInDocument(tx, { ...access, profile, version: draft }, content, previous);
      await updateItem(tx, patternId, {
        content,
        name: values.name,
        extras: patternExtras(values, row.component.extras),
        updatedBy: author.id,
      });
      return { success: true, pattern: { uuid: patternId }, versionId: draft.id };
    });
  }

  async deprecate(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    patternId: string,
    input: { reason: string; link: string },
  ): Promise<PatternChange> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const { user: author, row } = await editableItem(tx, access, 'pattern', patternId);
      await this.deps.locks.requireHeld(tx, author, lockResource.component(patternId));
      const { draft } = await draftFor(tx, access.profile, access.version, author.id);
      await updateItem(tx, patternId, {
        content: { ...row.component.content, deprecated: true },
        deprecated: true,
        deprecationReason: input.reason,
        deprecationLink: input.link || null,
        deprecatedBy: author.id,
        deprecatedAt: this.now(),
        updatedBy: author.id,
      });
      return { success: true, pattern: { uuid: patternId }, versionId: draft.id };
    });
  }

  /** Refuses to take out a pattern another pattern of the version still uses, naming that one. */
  private async refuseInUse(tx: Db, versionId: string, row: ItemListRow): Promise<void> {
    const listed = await listVersionItems(tx, versionId);
    const user = listed.find(
      ({ component }) =>
        component.kind === 'pattern' &&
        component.id !== row.component.id &&
        componentIrisOf(component.content).includes(row.component.iri),
    );
    if (user)
      throw conflict(
        `The pattern ${user.component.name} uses this pattern; take it out of ${user.component.name} first.`,
      );
  }

  /** Deletes a pattern no published version lists; it waits in Deleted Items for a restore. */
  async remove(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    patternId: string,
  ): Promise<PatternChange> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const { user: author, row } = await editableItem(tx, access, 'pattern', patternId);
      await this.deps.locks.requireHeld(tx, author, lockResource.component(patternId));
      if (await isListedByPublished(tx, patternId))
        throw conflict(
          'This pattern has been published and may be in use, so it cannot be deleted; deprecate it instead.',
        );
      await this.refuseInUse(tx, access.version.id, row);
      const { draft } = await draftFor(tx, access.profile, access.version, author.id);
      await removeEntry(tx, draft.id, patternId);
      await updateItem(tx, patternId, { deletedAt: this.now(), updatedBy: author.id });
      await this.deps.locks.release(author, lockResource.component(patternId), tx);
      return { success: true, pattern: { uuid: patternId }, versionId: draft.id };
    });
  }

  /** Lists patterns of other profiles (or of this one) in the version. */
  async link(user: UserRow | null, profileId: string, versionId: string, patternIds: string[]) {
    return this.db.transaction(async (tx) =>
      linkItems(tx, await this.access(user, profileId, versionId, tx, true), 'pattern', patternIds),
    );
  }

  async removeLink(user: UserRow | null, profileId: string, versionId: string, patternId: string) {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      return unlinkItem(tx, access, 'pattern', patternId);
    });
  }

  async lock(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    patternId: string,
  ): Promise<HeldLock> {
    const access = await this.access(user, profileId, versionId);
    const { user: author } = await editableItem(this.db, access, 'pattern', patternId);
    return this.deps.locks.acquire(author, lockResource.component(patternId));
  }

  async unlock(user: UserRow | null, patternId: string): Promise<void> {
    if (!user) throw unauthorized();
    await this.deps.locks.release(user, lockResource.component(patternId));
  }
}
