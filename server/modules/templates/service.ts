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
  type TemplateRow,
  type TemplateView,
} from '../../../common/templates';
import { jsonEqual } from '../../../xapi/json';
import type { Db } from '../../db/client';
import type { ComponentRow, UserRow } from '../../db/schema';
import { findEntry, findItem, isListedByPublished, type ItemListRow } from '../item-store/listing';
import { findItemsByIris } from '../item-store/repo';
import { ITEM_LABELS } from '../items/access';
import { ItemService, type ItemKindSpec, type ItemServiceDeps } from '../items/service';
import { badRequest, conflict, notFound } from '../errors';
import type { VersionAccess } from '../profiles/access';
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

type Json = Record<string, unknown>;

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

/** Refuses (409) while a template or pattern of the version names the template. */
async function refuseInUse(tx: Db, versionId: string, row: ItemListRow): Promise<void> {
  const [user] = await itemsReferring(tx, versionId, row.component.iri, row.component.id);
  if (user)
    throw conflict(
      `The ${ITEM_LABELS[user.kind]} "${user.name}" uses this statement template; remove it from there first.`,
    );
}

const templateKind: ItemKindSpec<TemplateRow, TemplateView, TemplateChange, TemplateList> = {
  kind: 'template',
  presentRow: presentTemplateRow,
  async presentView(db, row, basics) {
    const found = await findItemsByIris(db, namedIris(row.component.content));
    return presentTemplateView(row, {
      ...basics,
      known: new Map(found.map((c) => [c.iri, c])),
      // Rules may be removed only while no published version lists the template.
      permissions: { ...basics.permissions, removeRule: basics.permissions.edit && !row.published },
    });
  },
  changed: (uuid, versionId) => ({ success: true, template: { uuid }, versionId }),
  page: (templates, page) => ({ success: true, templates, ...page }),
  toleratesStoredProblems: true,
  refuseDelete: refuseInUse,
  refuseUnlink: refuseInUse,
};

/**
 * Statement templates inside profile versions: the item kernel with the details form, and the
 * template's own parts (determining properties, rules, example statement, references), each
 * changed through the kernel's edit.
 */
export class TemplateService extends ItemService<
  TemplateRow,
  TemplateView,
  TemplateChange,
  TemplateList
> {
  constructor(deps: ItemServiceDeps) {
    super(deps, templateKind);
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
    const { version, member } = await this.searchContext(user, query.versionId);
    const reference = query.purpose === 'reference';
    if (reference && !version)
      throw badRequest('Give the versionId of the version whose templates may be referenced.');
    return this.searchPage({
      search: query.search,
      version,
      memberOfVersion: member,
      onlyProfileId: reference ? version?.profileId : undefined,
      excludeDeprecated: false,
      listed: reference ? 'only' : 'hide',
      excludeIds: reference && query.templateId ? [query.templateId] : undefined,
      page: query.page,
      limit: query.limit,
    });
  }

  // --- creating and changing -----------------------------------------------------------------

  create(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    values: TemplateDetails,
  ): Promise<TemplateChange> {
    return this.createItem(
      user,
      profileId,
      versionId,
      values,
      generatedTemplateIri,
      async (_tx, { iri, draft }) => ({
        content: templateContent(values, { iri, inScheme: draft.iri }),
        type: 'StatementTemplate',
        extras: { tags: values.tags, moreInformation: values.moreInformation },
      }),
    );
  }

  /** Name, description, translations, tags and more information (the IRI is permanent). */
  update(
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
        return { content: next, alsoList: concepts };
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
}
