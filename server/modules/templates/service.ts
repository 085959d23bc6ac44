import { contentLabels } from '../../../common/concept-content';
import {
  generatedTemplateIri,
  type TemplateChange,
  type TemplateDetails,
  type TemplateList,
  type TemplateRow,
  type TemplateView,
} from '../../../common/templates';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { ItemListRow } from '../item-store/listing';
import { findItemsByIris } from '../item-store/repo';
import { ITEM_LABELS } from '../items/access';
import { ItemService, type ItemKindSpec, type ItemServiceDeps } from '../items/service';
import { badRequest, conflict } from '../errors';
import { templateContent } from './content';
import { limitedEdit, TemplateParts } from './parts';
import { namedIris, presentTemplateRow, presentTemplateView } from './presenter';
import { itemsReferring } from './repo';

/** Refuses (409) while a template or pattern of the version names the template. */
async function refuseInUse(tx: Db, versionId: string, row: ItemListRow): Promise<void> {
  const [user] = await itemsReferring(tx, versionId, row.item.iri, row.item.id);
  if (user)
    throw conflict(
      `The ${ITEM_LABELS[user.kind]} "${user.name}" uses this statement template; remove it from there first.`,
    );
}

const templateKind: ItemKindSpec<TemplateRow, TemplateView, TemplateChange, TemplateList> = {
  kind: 'template',
  // The form's rule: its name and description; rules go only while it is unpublished.
  fixedOncePublished: (content) => {
    const { name, description } = contentLabels(content);
    return JSON.stringify([name, description, content.rules ?? null]);
  },
  presentRow: presentTemplateRow,
  async presentView(db, row, basics) {
    const found = await findItemsByIris(db, namedIris(row.item.content));
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
 * Statement templates inside profile versions: the item kernel with the details form; the
 * template's own parts are changed through `parts`.
 */
export class TemplateService extends ItemService<
  TemplateRow,
  TemplateView,
  TemplateChange,
  TemplateList
> {
  /** Determining properties, rules, example statement and references. */
  readonly parts = new TemplateParts(this);

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
      // A new StatementRef must not point at a deprecated template.
      excludeDeprecated: reference,
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
    basedOn?: string,
  ): Promise<TemplateChange> {
    return this.edit(
      user,
      profileId,
      versionId,
      templateId,
      async ({ access, row, content, extras }) => {
        const next = templateContent(values, {
          iri: row.item.iri,
          inScheme: access.version.iri, // the kernel names the draft the edit lands in
          previous: content,
        });
        const before = contentLabels(content);
        const after = contentLabels(next);
        if (
          row.published &&
          (before.name !== after.name || before.description !== after.description)
        )
          throw limitedEdit();
        return {
          content: next,
          changes: {
            name: values.name,
            extras: { ...extras, tags: values.tags, moreInformation: values.moreInformation },
          },
        };
      },
      basedOn,
    );
  }
}
