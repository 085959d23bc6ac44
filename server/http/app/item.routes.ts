import { z } from 'zod';
import { successSchema } from '../../../common/api';
import {
  claimSchema,
  deletedItemsSchema,
  myDeletedItemsSchema,
  deprecateSchema,
  linkAnswerSchema,
  removeValueSchema,
  type ItemKind,
} from '../../../common/items';
import { lockAnswerSchema } from '../../../common/locks';
import {
  itemHistorySchema,
  itemRevisionSchema,
  type ItemHistory,
  type ItemRevision,
  type RevisionComparison,
  revisionCompareQuerySchema,
  revisionComparisonSchema,
} from '../../../common/history';
import { basedOnHeadersSchema, IF_MATCH_HEADER } from '../../../common/revisions';
import { pageQuerySchema } from '../../../common/pagination';
import type { UserRow } from '../../db/schema';
import type { ItemSort } from '../../modules/item-store/listing';
import { presentLock, type HeldLock } from '../../modules/locks/service';
import type { Services } from '../../services';
import type { ZodApp } from '../types';

type User = UserRow | null;
type LinkAnswer = z.infer<typeof linkAnswerSchema>;

/** The calls every kind's service answers, whatever its forms look like. */
export interface ItemCalls<Create, Edit, Search> {
  list(
    user: User,
    profileId: string,
    versionId: string,
    query: { sort: ItemSort; page: number; limit: number },
  ): Promise<unknown>;
  get(user: User, profileId: string, versionId: string, id: string): Promise<unknown>;
  getPublic(user: User, id: string): Promise<unknown>;
  search(user: User, query: Search): Promise<unknown>;
  create(user: User, profileId: string, versionId: string, values: Create): Promise<unknown>;
  update(
    user: User,
    profileId: string,
    versionId: string,
    id: string,
    values: Edit,
    basedOn?: string,
  ): Promise<unknown>;
  remove(
    user: User,
    profileId: string,
    versionId: string,
    id: string,
    basedOn?: string,
  ): Promise<unknown>;
  deprecate(
    user: User,
    profileId: string,
    versionId: string,
    id: string,
    input: { reason: string; link: string },
    basedOn?: string,
  ): Promise<unknown>;
  removeValue(
    user: User,
    profileId: string,
    versionId: string,
    id: string,
    pointer: string,
    basedOn?: string,
  ): Promise<unknown>;
  link(user: User, profileId: string, versionId: string, ids: string[]): Promise<LinkAnswer>;
  removeLink(user: User, profileId: string, versionId: string, id: string): Promise<LinkAnswer>;
  history(user: User, profileId: string, versionId: string, id: string): Promise<ItemHistory>;
  revision(
    user: User,
    profileId: string,
    versionId: string,
    id: string,
    revisionId: string,
  ): Promise<ItemRevision>;
  compareRevisions(
    user: User,
    profileId: string,
    versionId: string,
    id: string,
    fromId: string,
    toId: string,
  ): Promise<RevisionComparison>;
  restore(
    user: User,
    profileId: string,
    versionId: string,
    id: string,
    revisionId: string,
    basedOn?: string,
  ): Promise<unknown>;
  lock(user: User, profileId: string, versionId: string, id: string): Promise<HeldLock>;
  unlock(user: User, id: string): Promise<void>;
}

/** One kind of item as the routes see it: its names, its service and its schemas. */
export interface ItemKindRoutes<Create, Edit, Search> {
  kind: ItemKind;
  /** The URL segment of the version's list: 'concepts', 'templates', 'patterns'. */
  plural: string;
  service: ItemCalls<Create, Edit, Search>;
  /** The body of a link call names its items under this key, e.g. `conceptIds`. */
  linkKey: string;
  schemas: {
    listQuery: z.ZodType<{ sort: ItemSort; page: number; limit: number; filter: string }, unknown>;
    list: z.ZodType;
    view: z.ZodType;
    change: z.ZodType;
    create: z.ZodType<Create, unknown>;
    /** The edit form; IRI fields are ignored there, as an item's IRI is permanent. */
    edit: z.ZodType<Edit, unknown>;
    link: z.ZodType<Record<string, string[]>, unknown>;
    search: z.ZodType<Search, unknown>;
  };
}

export const versionParams = z.object({
  profileId: z.uuid('must be a profile id'),
  versionId: z.uuid('must be a version id'),
});

/** The route params naming one item of a kind in a version, e.g. `:conceptId`. */
export const itemParams = (kind: ItemKind) =>
  z.object({ ...versionParams.shape, [`${kind}Id`]: z.uuid(`must be a ${kind} id`) });

const idOf = (kind: ItemKind, params: Partial<Record<string, string>>): string =>
  params[`${kind}Id`] ?? '';

/**
 * The routes every kind of item has, registered once per kind: its list, detail, create, edit,
 * delete, deprecate, removing one value, links, write lock, public detail, search, restore and claim. A route all
 * kinds share is added here, once.
 */
export function itemRoutes<Create, Edit, Search>(
  app: ZodApp,
  services: Services,
  config: ItemKindRoutes<Create, Edit, Search>,
): void {
  const { kind, service, schemas } = config;
  const base = `/profile/:profileId/version/:versionId/${config.plural}`;
  const one = `${base}/:${kind}Id`;
  const params = itemParams(kind);
  const onlyParams = z.object({ [`${kind}Id`]: z.uuid(`must be a ${kind} id`) });
  const change = { 200: schemas.change };
  // The kind's schemas have checked bodies and queries; their types are the kind's own.

  app.get(
    base,
    {
      schema: {
        params: versionParams,
        querystring: schemas.listQuery,
        response: { 200: schemas.list },
      },
    },
    async ({ user, params: p, query }) => service.list(user, p.profileId, p.versionId, query),
  );

  app.post(
    base,
    { schema: { params: versionParams, body: schemas.create, response: change } },
    async ({ user, params: p, body }) =>
      service.create(user, p.profileId, p.versionId, body as Create),
  );

  app.post(
    `${base}/link`,
    { schema: { params: versionParams, body: schemas.link, response: { 200: linkAnswerSchema } } },
    async ({ user, params: p, body }) =>
      service.link(user, p.profileId, p.versionId, body[config.linkKey] ?? []),
  );

  app.get(
    one,
    { schema: { params, response: { 200: schemas.view } } },
    async ({ user, params: p }) => service.get(user, p.profileId, p.versionId, idOf(kind, p)),
  );

  app.put(
    one,
    { schema: { params, headers: basedOnHeadersSchema, body: schemas.edit, response: change } },
    async ({ user, params: p, headers, body }) =>
      service.update(
        user,
        p.profileId,
        p.versionId,
        idOf(kind, p),
        body as Edit,
        headers[IF_MATCH_HEADER],
      ),
  );

  app.delete(
    one,
    { schema: { params, headers: basedOnHeadersSchema, response: change } },
    async ({ user, params: p, headers }) =>
      service.remove(user, p.profileId, p.versionId, idOf(kind, p), headers[IF_MATCH_HEADER]),
  );

  app.post(
    `${one}/deprecate`,
    {
      schema: { params, headers: basedOnHeadersSchema, body: deprecateSchema, response: change },
    },
    async ({ user, params: p, headers, body }) =>
      service.deprecate(
        user,
        p.profileId,
        p.versionId,
        idOf(kind, p),
        body,
        headers[IF_MATCH_HEADER],
      ),
  );

  app.post(
    `${one}/remove-value`,
    {
      schema: { params, headers: basedOnHeadersSchema, body: removeValueSchema, response: change },
    },
    async ({ user, params: p, headers, body }) =>
      service.removeValue(
        user,
        p.profileId,
        p.versionId,
        idOf(kind, p),
        body.pointer,
        headers[IF_MATCH_HEADER],
      ),
  );

  // The item's history: its revisions across versions, one of them, two compared, a restore.
  const revisionParams = z.object({
    ...params.shape,
    revisionId: z.uuid('must be a revision id'),
  });
  app.get(
    `${one}/history`,
    { schema: { params, response: { 200: itemHistorySchema } } },
    async ({ user, params: p }) => service.history(user, p.profileId, p.versionId, idOf(kind, p)),
  );
  app.get(
    `${one}/history/compare`,
    {
      schema: {
        params,
        querystring: revisionCompareQuerySchema,
        response: { 200: revisionComparisonSchema },
      },
    },
    async ({ user, params: p, query }) =>
      service.compareRevisions(user, p.profileId, p.versionId, idOf(kind, p), query.from, query.to),
  );
  app.get(
    `${one}/history/:revisionId`,
    { schema: { params: revisionParams, response: { 200: itemRevisionSchema } } },
    async ({ user, params: p }) =>
      service.revision(user, p.profileId, p.versionId, idOf(kind, p), p.revisionId),
  );
  app.post(
    `${one}/history/:revisionId/restore`,
    { schema: { params: revisionParams, headers: basedOnHeadersSchema, response: change } },
    async ({ user, params: p, headers }) =>
      service.restore(
        user,
        p.profileId,
        p.versionId,
        idOf(kind, p),
        p.revisionId,
        headers[IF_MATCH_HEADER],
      ),
  );

  app.delete(
    `${one}/link`,
    { schema: { params, response: { 200: linkAnswerSchema } } },
    async ({ user, params: p }) =>
      service.removeLink(user, p.profileId, p.versionId, idOf(kind, p)),
  );

  app.post(
    `${one}/lock`,
    { schema: { params, response: { 200: lockAnswerSchema } } },
    async ({ user, params: p }) => {
      const lock = await service.lock(user, p.profileId, p.versionId, idOf(kind, p));
      return { success: true as const, lock: presentLock(lock) };
    },
  );

  app.delete(
    `${one}/lock`,
    { schema: { params, response: { 200: successSchema } } },
    async ({ user, params: p }) => {
      await service.unlock(user, idOf(kind, p));
      return { success: true as const };
    },
  );

  app.get(
    `/${kind}/:${kind}Id`,
    { schema: { params: onlyParams, response: { 200: schemas.view } } },
    async ({ user, params: p }) => service.getPublic(user, idOf(kind, p)),
  );

  app.get(
    `/${config.plural}/search`,
    { schema: { querystring: schemas.search, response: { 200: schemas.list } } },
    async ({ user, query }) => service.search(user, query as Search),
  );

  // Deleted items of the kind back into their profile, and orphans into one of the claimer's.
  for (const which of ['restore', 'claim'] as const) {
    app.post(
      `/${kind}/:${kind}Id/${which}`,
      { schema: { params: onlyParams, body: claimSchema, response: change } },
      async ({ user, params: p, body }) => {
        const { uuid, versionId } = await services.adoption[which](
          user,
          kind,
          idOf(kind, p),
          body.profileId,
        );
        return { success: true as const, [kind]: { uuid }, versionId };
      },
    );
  }
}

/** Deleted Items of a profile version: its own deleted items of every kind, and orphans. */
export function deletedItemsRoutes(app: ZodApp, services: Services): void {
  app.get(
    '/deleted-items/profile/:profileId/version/:versionId',
    {
      schema: {
        params: versionParams,
        querystring: pageQuerySchema,
        response: { 200: deletedItemsSchema },
      },
    },
    async ({ user, params: p, query }) =>
      services.adoption.deletedItems(user, p.profileId, p.versionId, query.page, query.limit),
  );
  app.get(
    '/deleted-items',
    { schema: { querystring: pageQuerySchema, response: { 200: myDeletedItemsSchema } } },
    async ({ user, query }) => services.adoption.myDeletedItems(user, query.page, query.limit),
  );
}
