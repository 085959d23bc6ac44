import { conceptContent, contentLabels, similarTermsOf } from '../../../common/concept-content';
import {
  conceptTypeOf,
  generatedConceptIri,
  LIMITED_EDIT_MESSAGE,
  specTypesOf,
  type ConceptChange,
  type ConceptList,
  type ConceptRow,
  type ConceptType,
  type ConceptValues,
  type ConceptView,
} from '../../../common/concepts';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { findItemsByIris } from '../item-store/repo';
import { ItemService, type ItemKindSpec, type ItemServiceDeps } from '../items/service';
import { badRequest } from '../errors';
import { presentConceptRow, presentConceptView } from './presenter';

type Json = Record<string, unknown>;

/** The parts of a concept that stop changing once a published version lists it. */
function fixedParts(content: Json): string {
  const labels = contentLabels(content);
  const definition = (content.activityDefinition ?? {}) as Json;
  return JSON.stringify([
    content.type,
    labels.name,
    labels.description,
    content.contentType ?? null,
    content.context ?? null,
    content.schema ?? null,
    content.inlineSchema ?? null,
    definition.type ?? null,
    similarTermsOf(content)
      .map((t) => t.iri)
      .sort(),
  ]);
}

const conceptKind: ItemKindSpec<ConceptRow, ConceptView, ConceptChange, ConceptList> = {
  kind: 'concept',
  fixedOncePublished: fixedParts,
  presentRow: presentConceptRow,
  async presentView(db, row, basics) {
    const content = row.item.content as Json;
    const iris = [
      ...similarTermsOf(content).map((t) => t.iri),
      ...((content.recommendedVerbs ?? content.recommendedActivityTypes ?? []) as string[]),
    ];
    const found = await findItemsByIris(db, iris);
    const names = new Map(found.map((c) => [c.iri, { name: c.name, uuid: c.id }]));
    return presentConceptView(row, { ...basics, names });
  },
  changed: (uuid, versionId) => ({ success: true, concept: { uuid }, versionId }),
  page: (concepts, page) => ({ success: true, concepts, ...page }),
  toleratesStoredProblems: true,
};

/** Concepts inside profile versions: the item kernel with the concept form and its checks. */
export class ConceptService extends ItemService<
  ConceptRow,
  ConceptView,
  ConceptChange,
  ConceptList
> {
  constructor(deps: ItemServiceDeps) {
    super(deps, conceptKind);
  }

  async search(
    user: UserRow | null,
    query: {
      search: string;
      page: number;
      limit: number;
      versionId?: string | undefined;
      conceptType?: ConceptType | undefined;
      scope: 'all' | 'profile';
      deprecated?: 'true' | 'false' | undefined;
      listed?: 'hide' | 'include' | undefined;
    },
  ): Promise<ConceptList> {
    const { version, member } = await this.searchContext(user, query.versionId);
    return this.searchPage({
      search: query.search,
      types: query.conceptType ? specTypesOf(query.conceptType) : undefined,
      version,
      memberOfVersion: member,
      onlyProfileId: query.scope === 'profile' && version ? version.profileId : undefined,
      excludeDeprecated: query.deprecated === 'false',
      listed: query.listed ?? 'hide',
      page: query.page,
      limit: query.limit,
    });
  }

  /** Whether IRIs are concepts of the profile (their relations then use the local SKOS terms). */
  private async localIris(db: Db, profileId: string, content: ConceptValues): Promise<Set<string>> {
    if (!('similarTerms' in content)) return new Set();
    const found = await findItemsByIris(
      db,
      content.similarTerms.map((t) => t.iri),
    );
    return new Set(found.filter((c) => c.profileId === profileId).map((c) => c.iri));
  }

  create(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    values: ConceptValues,
  ): Promise<ConceptChange> {
    return this.createItem(
      user,
      profileId,
      versionId,
      values,
      (profileIri, suffix) => generatedConceptIri(profileIri, values.conceptType, suffix),
      async (tx, { profile, draft, iri }) => {
        const local = await this.localIris(tx, profile.id, values);
        const content = conceptContent(values, {
          iri,
          inScheme: draft.iri,
          isLocal: (i) => local.has(i),
        });
        return { content, type: String(content.type) };
      },
    );
  }

  update(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    conceptId: string,
    values: ConceptValues,
    basedOn?: string,
  ): Promise<ConceptChange> {
    return this.edit(
      user,
      profileId,
      versionId,
      conceptId,
      async ({ tx, access, row }) => {
        const previous = row.item.content as Json;
        if (conceptTypeOf(row.item.type) !== values.conceptType)
          throw badRequest('The kind of a concept cannot change.');
        const local = await this.localIris(tx, access.profile.id, values);
        const content = conceptContent(values, {
          iri: row.item.iri,
          inScheme: access.version.iri, // the kernel names the draft the edit lands in
          isLocal: (i) => local.has(i),
          previous,
        });
        if (row.published && fixedParts(content) !== fixedParts(previous))
          throw badRequest(LIMITED_EDIT_MESSAGE);
        return { content, changes: { type: String(content.type), name: values.name } };
      },
      basedOn,
    );
  }
}
