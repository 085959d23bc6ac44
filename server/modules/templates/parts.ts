import { conceptTypeOf, type ConceptType } from '../../../common/concepts';
import {
  conceptTypeOfProperty,
  DETERMINING_PROPERTY_LABELS,
  exampleProblem,
  OBJECT_TYPE_EXCLUSIVE_MESSAGE,
  prettyJson,
  SINGLE_VALUED_PROPERTIES,
  TEMPLATE_LIMITED_EDIT_MESSAGE,
  TEMPLATE_REF_KEYS,
  type DeterminingProperty,
  type TemplateChange,
  type TemplateRefType,
} from '../../../common/templates';
import { jsonEqual } from '../../../xapi/json';
import type { Db } from '../../db/client';
import type { ItemRow, UserRow } from '../../db/schema';
import { findEntry, findItem, isListedByPublished } from '../item-store/listing';
import { revisionOf } from '../item-store/repo';
import { badRequest, conflict, notFound } from '../errors';
import type { VersionAccess } from '../profiles/access';
import {
  determiningIris,
  determiningValue,
  referencesOf,
  rulesOf,
  withoutScopeNote,
  withValue,
} from './content';
import { checkedRule, requireRulesHold } from './rules';
import type { EditContext, Edit, ItemService } from '../items/service';

type Json = Record<string, unknown>;

/** Who changes which template's parts, and the revision their form was filled from (If-Match). */
export interface PartsEdit {
  user: UserRow | null;
  profileId: string;
  versionId: string;
  templateId: string;
  basedOn?: string | undefined;
}

export /** Rule I6 of the xAPI Profiles: a published template keeps its id only while these stay. */
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

/**
 * A statement template's own parts: determining properties, rules, the example statement and
 * the templates its StatementRefs point at. Each change goes through the item kernel's edit.
 */
export class TemplateParts {
  /**
   * The kernel's edit of a template, the only thing the parts need of the template service:
   * naming the service itself would make the two files import each other.
   */
  constructor(
    private readonly templates: Pick<
      ItemService<unknown, unknown, TemplateChange, unknown>,
      'edit'
    >,
  ) {}

  private edit(target: PartsEdit, apply: (ctx: EditContext) => Edit | Promise<Edit>) {
    const { user, profileId, versionId, templateId, basedOn } = target;
    return this.templates.edit(user, profileId, versionId, templateId, apply, basedOn);
  }

  /** The concepts one determining property names, checked for visibility and kind. */
  private async determiningConcepts(
    tx: Db,
    access: VersionAccess,
    property: DeterminingProperty,
    conceptIds: string[],
  ): Promise<ItemRow[]> {
    const wanted = conceptTypeOfProperty(property);
    const label = DETERMINING_PROPERTY_LABELS[property];
    if (SINGLE_VALUED_PROPERTIES.includes(property) && conceptIds.length !== 1)
      throw badRequest(`The ${label} determining property takes exactly one concept.`);
    const concepts: ItemRow[] = [];
    for (const id of conceptIds) {
      const row = await findItem(tx, id);
      const concept = row?.item;
      const visible =
        concept &&
        concept.kind === 'concept' &&
        !concept.deletedAt &&
        concept.profileId !== null &&
        (concept.profileId === access.profile.id || (await isListedByPublished(tx, id)));
      if (!concept || !visible) throw notFound('No such concept to use.');
      const actual = conceptTypeOf(concept.type);
      if (actual !== wanted)
        throw badRequest(
          `${concept.name} is ${actual ? KIND_NAMES[actual] : concept.type}, not ${KIND_NAMES[wanted]}: the ${label} determining property names ${KIND_NAMES[wanted]}.`,
        );
      concepts.push(concept);
    }
    return concepts;
  }

  /** Sets one determining property (replacing its concepts); every rule must still hold. */
  setDeterminingProperty(
    target: PartsEdit,
    property: DeterminingProperty,
    conceptIds: string[],
  ): Promise<TemplateChange> {
    return this.edit(target, async ({ tx, access, content, published }) => {
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
    });
  }

  removeDeterminingProperty(
    target: PartsEdit,
    property: DeterminingProperty,
  ): Promise<TemplateChange> {
    return this.edit(target, ({ content, published }) => {
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

  addRule(target: PartsEdit, rule: Json): Promise<TemplateChange> {
    return this.edit(target, ({ content, published }) => {
      if (published) throw limitedEdit();
      const checked = checkedRule(content, rule);
      return { content: withValue(content, 'rules', [...rulesOf(content), checked]) };
    });
  }

  /** Replaces the rule at `index`; once published only its scope note may change. */
  updateRule(target: PartsEdit, index: number, rule: Json): Promise<TemplateChange> {
    return this.edit(target, ({ content, published }) => {
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

  removeRule(target: PartsEdit, index: number): Promise<TemplateChange> {
    return this.edit(target, ({ content, published }) => {
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
  setExample(target: PartsEdit, statementExample: string): Promise<TemplateChange> {
    return this.edit(target, ({ extras }) => {
      const problem = exampleProblem(statementExample);
      if (problem) throw badRequest(problem);
      return {
        changes: { extras: { ...extras, statementExample: prettyJson(statementExample) } },
      };
    });
  }

  /**
   * The templates a StatementRef of the object or the context points at: templates this version
   * defines itself (xAPI Profiles rule I4), never the template itself; an empty list clears.
   */
  setReferences(
    target: PartsEdit,
    refType: TemplateRefType,
    templateIds: string[],
  ): Promise<TemplateChange> {
    return this.edit(target, async ({ tx, access, content, published }) => {
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
        if (id === target.templateId)
          throw badRequest('A statement template cannot refer to itself.');
        const entry = await findEntry(tx, access.version.id, id);
        const referenced =
          entry && !entry.linked
            ? await findItem(tx, id, revisionOf.version(access.version.id))
            : null;
        if (
          !referenced ||
          referenced.item.kind !== 'template' ||
          referenced.item.profileId !== access.profile.id
        )
          throw badRequest(
            'A template reference must name a statement template that this version defines itself.',
          );
        iris.push(referenced.item.iri);
      }
      return { content: withValue(content, TEMPLATE_REF_KEYS[refType], iris) };
    });
  }
}
