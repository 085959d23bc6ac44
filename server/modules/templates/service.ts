import { contentLabels } from '../../../common/concept-content';
import { conceptTypeOf, type ConceptType } from '../../../common/concepts';
import {
  conceptTypeOfProperty,
  DETERMINING_PROPERTY_LABELS,
  exampleProblem,
  generatedTemplateIri,
  OBJECT_TYPE_EXCLUSIVE_MESSAGE,
  prettyJson,
  SINGLE_VALUED_PROPERTIES,
  TEMPLATE_LIMITED_EDIT_MESSAGE,
  TEMPLATE_REF_KEYS,
  type DeterminingProperty,
  type TemplateChange,
  type TemplateDetails,
  type TemplateList,
  type TemplateRefType,
  type TemplateView,
} from '../../../common/templates';
import { jsonEqual } from '../../../xapi/json';
import type { Db } from '../../db/client';
import type { ComponentExtras, ComponentRow, UserRow } from '../../db/schema';
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
  findEntry,
  isListedByPublished,
  pageVersionItems,
  removeEntry,
  searchItems,
  type ItemListRow,
} from '../item-store/listing';
import { findItemsByIris, insertItem, updateItem } from '../item-store/repo';
import { badRequest, conflict, notFound, unauthorized } from '../errors';
import { lockResource, type HeldLock, type LockService } from '../locks/service';
import type { OrganizationService } from '../organizations/service';
import { loadVersionAccess, type VersionAccess } from '../profiles/access';
import { currentVersionId, draftFor } from '../profiles/drafts';
import { findProfile, findVersion } from '../profiles/repo';
import {
  determiningIris,
  determiningValue,
  referencesOf,
  rulesOf,
  templateContent,
  withoutScopeNote,
  withValue,
} from './content';
import { namedIris, presentTemplateRow, presentTemplateView } from './presenter';
import { itemsReferring } from './repo';
import { checkedRule, requireRulesHold } from './rules';

export interface TemplateServiceDeps {
  db: Db;
  organizations: OrganizationService;
  locks: LockService;
  now?: () => Date;
}

type Json = Record<string, unknown>;
type ItemChanges = Parameters<typeof updateItem>[2];

/** Rule I6 of the xAPI Profiles: a published template keeps its id only while these stay. */
const limitedEdit = () =>
  badRequest(
    `${TEMPLATE_LIMITED_EDIT_MESSAGE} Only its translations, tags, more information, example statement and the scope notes of its rules can change.`,
  );

const KIND_NAMES: Record<ConceptType, string> = {
  Verb: 'a Verb',
  ActivityType: 'an Activity Type',
  AttachmentUsageType: 'an Attachment Usage Type',
  Activity: 'an Activity',
  Document: 'a Document',
  Extension: 'an Extension',
};

/** What one change of a template sees. */
interface EditContext {
  tx: Db;
  access: VersionAccess;
  author: UserRow;
  row: ItemListRow;
  content: Json;
  extras: ComponentExtras;
  /** Listed by a published version of its profile: editing is limited from then on. */
  published: boolean;
}

/** What one change of a template does. */
interface Edit {
  /** The new content, checked inside the version's document before it is stored. */
  content?: Json;
  /** Other columns: name, extras, deprecation. */
  changes?: ItemChanges;
  /** Concepts the version should list from now on (as links when of other profiles). */
  concepts?: ComponentRow[];
}

/**
 * Statement templates inside profile versions: authored by members of the owning group on the
 * current version, read by everyone where a published version lists them. A change to a
 * published version lands in a new draft; every change needs the editor's write lock.
 */
export class TemplateService {
  private readonly now: () => Date;

  constructor(private readonly deps: TemplateServiceDeps) {
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

  // --- reading -------------------------------------------------------------------------------

  async list(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    query: { sort: 'name' | '-name' | 'updated' | '-updated'; page: number; limit: number },
  ): Promise<TemplateList> {
    const access = await this.access(user, profileId, versionId);
    const { rows, total } = await pageVersionItems(this.db, access.version.id, 'template', query);
    const asPublished = frozenAs(access, 'template');
    return {
      success: true,
      templates: rows.map((row) => presentTemplateRow(asPublished(row))),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  private async view(
    user: UserRow | null,
    row: ItemListRow,
    linked: boolean,
    permissions: TemplateView['permissions'],
  ): Promise<TemplateView> {
    const found = await findItemsByIris(this.db, namedIris(row.component.content));
    return presentTemplateView(row, {
      linked,
      known: new Map(found.map((c) => [c.iri, c])),
      deprecatedBy: user ? await findEmail(this.db, row.component.deprecatedBy) : null,
      updatedBy: user ? await findEmail(this.db, row.component.updatedBy) : null,
      permissions,
    });
  }

  async get(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    templateId: string,
  ): Promise<TemplateView> {
    const access = await this.access(user, profileId, versionId);
    const listed = await listedItem(this.db, access, 'template', templateId);
    const { entry } = listed;
    const row = frozenAs(access, 'template')(listed.row);
    const current = access.member && access.version.id === currentVersionId(access.profile);
    const own = !entry.linked && row.component.profileId === access.profile.id;
    const edit = current && own && !row.component.deprecated;
    return this.view(user, row, entry.linked, {
      edit,
      removeRule: edit && !row.published,
      removeLink: current && entry.linked,
      claim: false,
    });
  }

  /** One template wherever it is (side panels): public where a published version lists it. */
  async getPublic(user: UserRow | null, templateId: string): Promise<TemplateView> {
    const row = await findItem(this.db, templateId);
    if (!row || row.component.kind !== 'template') throw notFound('No such statement template.');
    const orphan = row.component.profileId === null;
    let visible =
      (await isListedByPublished(this.db, row.component.id)) && !row.component.deletedAt;
    if (!visible && orphan) visible = user !== null;
    if (!visible && row.parent)
      visible = await isMemberOfGroup(this.deps.organizations, user, row.parent.organizationId);
    if (!visible) throw notFound('No such statement template.');
    return this.view(user, row, false, {
      edit: false,
      removeRule: false,
      removeLink: false,
      claim: orphan && user !== null,
    });
  }

  /**
   * `link`: templates to add to a version (not those it lists; drafts only of its own profile).
   * `reference`: the templates the version defines itself, which a StatementRef may point at.
   */
  async search(
    user: UserRow | null,
    query: {
      search: string;
      page: number;
      limit: number;
      versionId?: string | undefined;
      purpose: 'link' | 'reference';
      templateId?: string | undefined;
    },
  ): Promise<TemplateList> {
    const version = query.versionId ? await findVersion(this.db, query.versionId) : null;
    if (query.versionId && !version) throw notFound('No such version.');
    if (query.purpose === 'reference' && !version)
      throw badRequest('Give the versionId of the version whose templates may be referenced.');
    let member = false;
    if (version) {
      const profile = await findProfile(this.db, version.profileId);
      if (profile)
        member = await isMemberOfGroup(this.deps.organizations, user, profile.organizationId);
    }
    const reference = query.purpose === 'reference';
    const { rows, total } = await searchItems(this.db, {
      kind: 'template',
      search: query.search,
      version: version ?? undefined,
      memberOfVersion: member,
      onlyProfileId: reference ? version?.profileId : undefined,
      excludeDeprecated: false,
      listed: reference ? 'only' : 'hide',
      excludeIds: reference && query.templateId ? [query.templateId] : undefined,
      page: query.page,
      limit: query.limit,
    });
    return {
      success: true,
      templates: rows.map(presentTemplateRow),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  // --- creating and changing -----------------------------------------------------------------

  /** Checks a template inside its version's document; findings on it refuse the save. */
  private checkInDocument(
    tx: Db,
    access: VersionAccess,
    content: Json,
    previous?: Json,
  ): Promise<void> {
    return checkItemInDocument(tx, {
      access,
      kind: 'template',
      content,
      previous,
      generatedAt: this.now().toISOString(),
      label: ITEM_LABELS.template,
    });
  }

  async create(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    values: TemplateDetails,
  ): Promise<TemplateChange> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const author = authorOf(access);
      if (!values.iriType) throw badRequest('Choose whether the IRI is generated or external.');
      const iri =
        values.iriType === 'external-iri'
          ? (values.extiri ?? '')
          : generatedTemplateIri(access.profile.iri, values.geniri ?? '');
      if ((await findItemsByIris(tx, [iri])).length > 0)
        throw conflict(`Something on this server already has the IRI ${iri}.`);
      const { profile, draft } = await draftFor(tx, access.profile, access.version, author.id);
      const content = templateContent(values, { iri, inScheme: draft.iri });
      await this.checkInDocument(tx, { ...access, profile, version: draft }, content);
      const created = await insertItem(tx, {
        kind: 'template',
        type: 'StatementTemplate',
        iri,
        profileId: profile.id,
        name: values.name,
        content,
        extras: { tags: values.tags, moreInformation: values.moreInformation },
        createdBy: author.id,
        updatedBy: author.id,
      });
      await addEntries(tx, draft.id, [{ componentId: created.id, linked: false }]);
      return { success: true, template: { uuid: created.id }, versionId: draft.id };
    });
  }

  /**
   * One change of an own template by a member holding its write lock: `apply` decides it, then
   * it lands in the draft (a new one when the version is published), checked in its document.
   */
  private edit(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    templateId: string,
    apply: (ctx: EditContext) => Edit | Promise<Edit>,
  ): Promise<TemplateChange> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const { user: author, row } = await editableItem(tx, access, 'template', templateId);
      await this.deps.locks.requireHeld(tx, author, lockResource.component(templateId));
      const edit = await apply({
        tx,
        access,
        author,
        row,
        content: row.component.content,
        extras: row.component.extras,
        published: row.published,
      });
      const { profile, draft } = await draftFor(tx, access.profile, access.version, author.id);
      await this.listConcepts(tx, draft.id, profile.id, edit.concepts ?? []);
      if (edit.content)
        await this.checkInDocument(
          tx,
          { ...access, profile, version: draft },
          edit.content,
          row.component.content,
        );
      await updateItem(tx, templateId, {
        ...edit.changes,
        ...(edit.content ? { content: edit.content } : {}),
        updatedBy: author.id,
      });
      return { success: true, template: { uuid: templateId }, versionId: draft.id };
    });
  }

  /** Name, description, translations, tags and more information (the IRI is permanent). */
  updateDetails(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    templateId: string,
    values: TemplateDetails,
  ): Promise<TemplateChange> {
    return this.edit(user, profileId, versionId, templateId, ({ access, row, content, extras }) => {
      const next = templateContent(values, {
        iri: row.component.iri,
        inScheme: typeof content.inScheme === 'string' ? content.inScheme : access.version.iri,
        previous: content,
      });
      const before = contentLabels(content);
      const after = contentLabels(next);
      if (row.published && (before.name !== after.name || before.description !== after.description))
        throw limitedEdit();
      return {
        content: next,
        changes: {
          name: values.name,
          extras: { ...extras, tags: values.tags, moreInformation: values.moreInformation },
        },
      };
    });
  }

  /** The concepts one determining property names, checked for visibility and kind. */
  private async determiningConcepts(
    tx: Db,
    access: VersionAccess,
    property: DeterminingProperty,
    conceptIds: string[],
  ): Promise<ComponentRow[]> {
    const wanted = conceptTypeOfProperty(property);
    const label = DETERMINING_PROPERTY_LABELS[property];
    if (SINGLE_VALUED_PROPERTIES.includes(property) && conceptIds.length !== 1)
      throw badRequest(`The ${label} determining property takes exactly one concept.`);
    const concepts: ComponentRow[] = [];
    for (const id of conceptIds) {
      const row = await findItem(tx, id);
      const component = row?.component;
      const visible =
        component &&
        component.kind === 'concept' &&
        !component.deletedAt &&
        component.profileId !== null &&
        (component.profileId === access.profile.id || (await isListedByPublished(tx, id)));
      if (!component || !visible) throw notFound('No such concept to use.');
      const actual = conceptTypeOf(component.type);
      if (actual !== wanted)
        throw badRequest(
          `${component.name} is ${actual ? KIND_NAMES[actual] : component.type}, not ${KIND_NAMES[wanted]}: the ${label} determining property names ${KIND_NAMES[wanted]}.`,
        );
      concepts.push(component);
    }
    return concepts;
  }

  /** Lists concepts in a version that does not list them yet: other profiles' as links. */
  private async listConcepts(
    tx: Db,
    versionId: string,
    profileId: string,
    concepts: ComponentRow[],
  ): Promise<void> {
    const fresh = [];
    for (const concept of concepts)
      if (!(await findEntry(tx, versionId, concept.id)))
        fresh.push({ componentId: concept.id, linked: concept.profileId !== profileId });
    await addEntries(tx, versionId, fresh);
  }

  /** Sets one determining property (replacing its concepts); every rule must still hold. */
  setDeterminingProperty(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    templateId: string,
    property: DeterminingProperty,
    conceptIds: string[],
  ): Promise<TemplateChange> {
    return this.edit(
      user,
      profileId,
      versionId,
      templateId,
      async ({ tx, access, content, published }) => {
        if (published) throw limitedEdit();
        if (
          property === 'objectActivityType' &&
          referencesOf(content, TEMPLATE_REF_KEYS.object).length > 0
        )
          throw badRequest(OBJECT_TYPE_EXCLUSIVE_MESSAGE);
        const ids = [...new Set(conceptIds)];
        const concepts = await this.determiningConcepts(tx, access, property, ids);
        const next = withValue(
          content,
          property,
          determiningValue(
            property,
            concepts.map((c) => c.iri),
          ),
        );
        requireRulesHold(content, next);
        return { content: next, concepts };
      },
    );
  }

  removeDeterminingProperty(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    templateId: string,
    property: DeterminingProperty,
  ): Promise<TemplateChange> {
    return this.edit(user, profileId, versionId, templateId, ({ content, published }) => {
      if (published) throw limitedEdit();
      if (determiningIris(content, property).length === 0)
        throw notFound(
          `This statement template has no ${DETERMINING_PROPERTY_LABELS[property]} determining property.`,
        );
      const next = withValue(content, property, undefined);
      requireRulesHold(content, next);
      return { content: next };
    });
  }

  addRule(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    templateId: string,
    rule: Json,
  ): Promise<TemplateChange> {
    return this.edit(user, profileId, versionId, templateId, ({ content, published }) => {
      if (published) throw limitedEdit();
      const checked = checkedRule(content, rule);
      return { content: withValue(content, 'rules', [...rulesOf(content), checked]) };
    });
  }

  /** Replaces the rule at `index`; once published only its scope note may change. */
  updateRule(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    templateId: string,
    index: number,
    rule: Json,
  ): Promise<TemplateChange> {
    return this.edit(user, profileId, versionId, templateId, ({ content, published }) => {
      const rules = rulesOf(content);
      if (index >= rules.length) throw notFound('No such rule in this statement template.');
      if (published && !jsonEqual(withoutScopeNote(rule), withoutScopeNote(rules[index])))
        throw limitedEdit();
      const checked = checkedRule(content, rule, index);
      return {
        content: withValue(
          content,
          'rules',
          rules.map((r, i) => (i === index ? checked : r)),
        ),
      };
    });
  }

  removeRule(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    templateId: string,
    index: number,
  ): Promise<TemplateChange> {
    return this.edit(user, profileId, versionId, templateId, ({ content, published }) => {
      const rules = rulesOf(content);
      if (index >= rules.length) throw notFound('No such rule in this statement template.');
      if (published)
        throw conflict(
          'This statement template has been published and may be in use, so its rules cannot be removed; deprecate the template and create a new one instead.',
        );
      return {
        content: withValue(
          content,
          'rules',
          rules.filter((_, i) => i !== index),
        ),
      };
    });
  }

  /** The example statement: any JSON, stored pretty-printed (not part of the document). */
  setExample(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    templateId: string,
    statementExample: string,
  ): Promise<TemplateChange> {
    return this.edit(user, profileId, versionId, templateId, ({ extras }) => {
      const problem = exampleProblem(statementExample);
      if (problem) throw badRequest(problem);
      return { changes: { extras: { ...extras, statementExample: prettyJson(statementExample) } } };
    });
  }

  /**
   * The templates a StatementRef of the object or the context points at: templates this version
   * defines itself (xAPI Profiles rule I4), never the template itself; an empty list clears.
   */
  setReferences(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    templateId: string,
    refType: TemplateRefType,
    templateIds: string[],
  ): Promise<TemplateChange> {
    return this.edit(
      user,
      profileId,
      versionId,
      templateId,
      async ({ tx, access, content, published }) => {
        if (published) throw limitedEdit();
        const ids = [...new Set(templateIds)];
        if (
          refType === 'object' &&
          ids.length > 0 &&
          determiningIris(content, 'objectActivityType').length > 0
        )
          throw badRequest(OBJECT_TYPE_EXCLUSIVE_MESSAGE);
        const iris: string[] = [];
        for (const id of ids) {
          if (id === templateId) throw badRequest('A statement template cannot refer to itself.');
          const entry = await findEntry(tx, access.version.id, id);
          const target = entry && !entry.linked ? await findItem(tx, id) : null;
          if (
            !target ||
            target.component.kind !== 'template' ||
            target.component.profileId !== access.profile.id
          )
            throw badRequest(
              'A template reference must name a statement template that this version defines itself.',
            );
          iris.push(target.component.iri);
        }
        return { content: withValue(content, TEMPLATE_REF_KEYS[refType], iris) };
      },
    );
  }

  deprecate(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    templateId: string,
    input: { reason: string; link: string },
  ): Promise<TemplateChange> {
    return this.edit(user, profileId, versionId, templateId, ({ author, content }) => ({
      // Only the deprecated flag changes, which no rule of the document refuses.
      changes: {
        content: { ...content, deprecated: true },
        deprecated: true,
        deprecationReason: input.reason,
        deprecationLink: input.link || null,
        deprecatedBy: author.id,
        deprecatedAt: this.now(),
      },
    }));
  }

  /** Refuses (409) while a template or pattern of the version names the template. */
  private async requireUnused(tx: Db, versionId: string, template: ComponentRow): Promise<void> {
    const [user] = await itemsReferring(tx, versionId, template.iri, template.id);
    if (user)
      throw conflict(
        `The ${ITEM_LABELS[user.kind]} "${user.name}" uses this statement template; remove it from there first.`,
      );
  }

  /** Deletes a template no published version lists; it waits in Deleted Items for a restore. */
  async remove(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    templateId: string,
  ): Promise<TemplateChange> {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      const { user: author, row } = await editableItem(tx, access, 'template', templateId);
      await this.deps.locks.requireHeld(tx, author, lockResource.component(templateId));
      if (await isListedByPublished(tx, templateId))
        throw conflict(
          'This statement template has been published and may be in use, so it cannot be deleted; deprecate it instead.',
        );
      await this.requireUnused(tx, access.version.id, row.component);
      const { draft } = await draftFor(tx, access.profile, access.version, author.id);
      await removeEntry(tx, draft.id, templateId);
      await updateItem(tx, templateId, { deletedAt: this.now(), updatedBy: author.id });
      await this.deps.locks.release(author, lockResource.component(templateId), tx);
      return { success: true, template: { uuid: templateId }, versionId: draft.id };
    });
  }

  /** Lists templates of other profiles (or of this one) in the version. */
  async link(user: UserRow | null, profileId: string, versionId: string, templateIds: string[]) {
    return this.db.transaction(async (tx) =>
      linkItems(
        tx,
        await this.access(user, profileId, versionId, tx, true),
        'template',
        templateIds,
      ),
    );
  }

  /** Takes a linked template out of the version, unless a pattern of it uses the template. */
  async removeLink(user: UserRow | null, profileId: string, versionId: string, templateId: string) {
    return this.db.transaction(async (tx) => {
      const access = await this.access(user, profileId, versionId, tx, true);
      return unlinkItem(tx, access, 'template', templateId, (row) =>
        this.requireUnused(tx, access.version.id, row.component),
      );
    });
  }

  async lock(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    templateId: string,
  ): Promise<HeldLock> {
    const access = await this.access(user, profileId, versionId);
    const { user: author } = await editableItem(this.db, access, 'template', templateId);
    return this.deps.locks.acquire(author, lockResource.component(templateId));
  }

  async unlock(user: UserRow | null, templateId: string): Promise<void> {
    if (!user) throw unauthorized();
    await this.deps.locks.release(user, lockResource.component(templateId));
  }
}
