import { contentLabels } from '../../../common/concept-content';
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
  type PatternRow,
  type PatternType,
  type PatternView,
} from '../../../common/patterns';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import {
  findItem,
  isListedByPublished,
  searchItems,
  type ItemListRow,
} from '../item-store/listing';
import { findItemsByIris, listVersionItems } from '../item-store/repo';
import { ITEM_LABELS } from '../items/access';
import { ItemService, type ItemKindSpec, type ItemServiceDeps } from '../items/service';
import { AppError, badRequest, conflict, notFound } from '../errors';
import type { VersionAccess } from '../profiles/access';
import {
  componentIrisOf,
  fixedParts,
  patternContent,
  patternExtras,
  patternTypeOf,
} from './content';
import { containsPattern } from './cycles';
import { presentComponent, presentPatternRow, presentPatternView } from './presenter';

type Json = Record<string, unknown>;

/** A refusal by the pattern rules: the first problem as the message, every one in `errors`. */
const refused = (errors: string[]) =>
  new AppError(400, ErrorCode.ValidationFailed, errors[0] ?? 'The pattern is not valid.', {
    errors,
  });

/** The components a pattern names, in order, with what the server knows about each. */
async function componentsOf(db: Db, content: Json): Promise<PatternComponent[]> {
  const iris = componentIrisOf(content);
  const found = await findItemsByIris(db, [...new Set(iris)]);
  const rows = new Map<string, ItemListRow | null>();
  for (const component of found) rows.set(component.iri, await findItem(db, component.id));
  return iris.map((iri) => presentComponent(iri, rows.get(iri) ?? null));
}

/** Refuses to take out a pattern another pattern of the version still uses, naming that one. */
async function refuseInUse(tx: Db, versionId: string, row: ItemListRow): Promise<void> {
  const listed = await listVersionItems(tx, versionId);
  const user = listed.find(
    ({ item: component }) =>
      component.kind === 'pattern' &&
      component.id !== row.item.id &&
      componentIrisOf(component.content).includes(row.item.iri),
  );
  if (user)
    throw conflict(
      `The pattern ${user.item.name} uses this pattern; take it out of ${user.item.name} first.`,
    );
}

const patternKind: ItemKindSpec<PatternRow, PatternView, PatternChange, PatternList> = {
  kind: 'pattern',
  // Once published only translations, tags and more information change.
  fixedOncePublished: (content) => {
    const { name, description } = contentLabels(content);
    return JSON.stringify([name, description, patternTypeOf(content), componentIrisOf(content)]);
  },
  presentRow: presentPatternRow,
  presentView: async (db, row, basics) =>
    presentPatternView(row, {
      ...basics,
      components: await componentsOf(db, row.item.content),
    }),
  changed: (uuid, versionId) => ({ success: true, pattern: { uuid }, versionId }),
  page: (patterns, page) => ({ success: true, patterns, ...page }),
  toleratesStoredProblems: true,
  refuseDelete: refuseInUse,
};

/**
 * Patterns inside profile versions: the item kernel with the pattern form. Their components are
 * templates and patterns of this profile or of published ones; the pattern rules of the xAPI
 * Profiles specification are checked before every save.
 */
export class PatternService extends ItemService<
  PatternRow,
  PatternView,
  PatternChange,
  PatternList
> {
  constructor(deps: ItemServiceDeps) {
    super(deps, patternKind);
  }

  /** Patterns to add to a version: not those it lists, no drafts of other profiles. */
  async search(
    user: UserRow | null,
    query: { search: string; page: number; limit: number; versionId?: string | undefined },
  ): Promise<PatternList> {
    const { version, member } = await this.searchContext(user, query.versionId);
    return this.searchPage({
      search: query.search,
      version,
      memberOfVersion: member,
      excludeDeprecated: false,
      listed: 'hide',
      page: query.page,
      limit: query.limit,
    });
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
      components: rows.map((row) => presentComponent(row.item.iri, row)),
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
      if (!row || row.item.kind !== input.componentType)
        throw notFound(`No such ${label} to use as a component.`);
      rows.push(row);
      const { item } = row;
      if (kept.has(item.iri)) continue;
      const visible =
        !item.deletedAt &&
        item.profileId !== null &&
        (item.profileId === access.profile.id || (await isListedByPublished(tx, item.id)));
      if (!visible) throw notFound(`No such ${label} to use as a component.`);
      if (item.deprecated)
        throw badRequest(
          `The ${label} ${item.name} is deprecated, so it cannot be added to a pattern.`,
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
      sent.push(found?.item.iri ?? input.componentId);
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
      rows.map(({ item: component }) => ({
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
    for (const { item: component } of rows)
      if (component.kind === 'pattern' && (await containsPattern(tx, component, iri)))
        throw refused([CYCLE_MESSAGE(component.name)]);
  }

  create(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    values: CreatePatternValues,
  ): Promise<PatternChange> {
    return this.createItem(
      user,
      profileId,
      versionId,
      values,
      generatedPatternIri,
      async (tx, { access, draft, iri }) => {
        const rows = await this.resolveComponents(tx, access, values.components);
        await this.checkComponents(tx, iri, values.type, values.primary, rows);
        return {
          content: patternContent(values, {
            iri,
            inScheme: draft.iri,
            type: values.type,
            componentIris: rows.map((r) => r.item.iri),
          }),
          type: 'Pattern',
          extras: patternExtras(values),
        };
      },
    );
  }

  /**
   * Edits a pattern: while no published version of its profile lists it, everything but its
   * type and IRI; from then on only translations, tags and more information.
   */
  update(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    patternId: string,
    values: EditPatternValues,
    basedOn?: string,
  ): Promise<PatternChange> {
    return this.edit(
      user,
      profileId,
      versionId,
      patternId,
      async ({ tx, access, row }) => {
        const previous = row.item.content;
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
          iri: row.item.iri,
          inScheme: access.version.iri, // the kernel names the draft the edit lands in
          type,
          componentIris: row.published ? componentIrisOf(previous) : rows.map((r) => r.item.iri),
          previous,
        });
        if (
          row.published &&
          (fixedParts(content) !== fixedParts(previous) ||
            !(await this.sameKnownComponents(tx, previous, values.components)))
        )
          throw badRequest(PATTERN_LIMITED_EDIT_MESSAGE);
        if (!row.published)
          await this.checkComponents(tx, row.item.iri, type, values.primary, rows);
        return {
          content,
          changes: { name: values.name, extras: patternExtras(values, row.item.extras) },
        };
      },
      basedOn,
    );
  }
}
