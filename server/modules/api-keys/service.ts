import { LRUCache } from 'lru-cache';
import type { ApiKey, ApiKeyCreate } from '../../../common/api-keys';
import type { Db } from '../../db/client';
import type { ApiKeyRow, UserRow } from '../../db/schema';
import { hashToken } from '../accounts/tokens';
import { conflict, notFound } from '../errors';
import { announceChange, type Change } from '../events/changes';
import { publicName } from '../organizations/presenter';
import { groupPolicy } from '../organizations/policy';
import type { OrganizationService } from '../organizations/service';
import {
  deleteKey,
  findKey,
  insertKey,
  listKeys,
  findKeyByHash,
  touchKey,
  updateKey,
  type ApiKeyWithCreator,
} from './repo';
import { isUniqueViolation } from '../../db/errors';

export interface ApiKeyChanges {
  description: string;
  readPermission: boolean;
  writePermission: boolean;
  isEnabled: boolean;
}

/**
 * The screens show the day a key was last used: recording it at most every 15 minutes keeps an
 * API read from writing to the database on every request.
 */
const TOUCH_AFTER_MS = 15 * 60_000;

/**
 * How long a node trusts a key it found without reading it again. Every change to a group's keys
 * is announced to every node, which then forgets the keys it remembers; this bound covers a node
 * that missed an announcement. Before, each request with a key read it from the database: on the
 * embedded database that read cost more than answering a kept document.
 */
const REMEMBER_KEY_MS = 5_000;

function present({ key, creator }: ApiKeyWithCreator): ApiKey {
  return {
    id: key.id,
    lastFour: key.lastFour,
    description: key.description,
    readPermission: key.readPermission,
    writePermission: key.writePermission,
    isEnabled: key.isEnabled,
    createdOn: key.createdAt.toISOString(),
    createdBy: creator ? publicName(creator) : null,
    lastUsedOn: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
  };
}

/**
 * A working group's keys for the public API. The key itself is chosen by the browser and seen by
 * the server once: only its SHA-256 and last four characters are kept.
 */
export class ApiKeyService {
  /** Keys found lately, by the hash of their value; never an unknown value. */
  private readonly remembered = new LRUCache<string, ApiKeyRow>({
    max: 10_000,
    ttl: REMEMBER_KEY_MS,
  });

  constructor(
    private readonly db: Db,
    private readonly organizations: OrganizationService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async authorize(user: UserRow | null, organizationId: string) {
    const { organization, actor } = await this.organizations.load(user, organizationId);
    return { organization, user: groupPolicy.manageKeys(actor) };
  }

  async list(user: UserRow | null, organizationId: string): Promise<ApiKey[]> {
    const { organization } = await this.authorize(user, organizationId);
    return (await listKeys(this.db, organization.id)).map(present);
  }

  async get(user: UserRow | null, organizationId: string, id: string): Promise<ApiKey> {
    const { organization } = await this.authorize(user, organizationId);
    const found = await findKey(this.db, organization.id, id);
    if (!found) throw notFound('No such API key in this working group.');
    return present(found);
  }

  async create(
    user: UserRow | null,
    organizationId: string,
    input: ApiKeyCreate & ApiKeyChanges,
  ): Promise<ApiKey> {
    const { organization, user: creator } = await this.authorize(user, organizationId);
    const value = input.uuid.toLowerCase();
    try {
      const key = await insertKey(this.db, {
        organizationId: organization.id,
        keyHash: hashToken(value),
        lastFour: value.slice(-4),
        description: input.description,
        readPermission: input.readPermission,
        writePermission: input.writePermission,
        isEnabled: input.isEnabled,
        createdBy: creator.id,
      });
      return present({ key, creator });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('That key already exists; generate a new one.');
      throw error;
    }
  }

  async update(
    user: UserRow | null,
    organizationId: string,
    id: string,
    changes: ApiKeyChanges,
  ): Promise<ApiKey> {
    const { organization } = await this.authorize(user, organizationId);
    await this.changeKey(organization.id, (tx) => updateKey(tx, organization.id, id, changes));
    return this.get(user, organizationId, id);
  }

  async delete(user: UserRow | null, organizationId: string, id: string): Promise<void> {
    const { organization } = await this.authorize(user, organizationId);
    await this.changeKey(organization.id, (tx) => deleteKey(tx, organization.id, id));
  }

  /**
   * Changes one key of a group (`write` answers whether the key was there), announcing the
   * group's change in the same transaction so that every node forgets the keys it remembers:
   * this one at once, the others when the announcement reaches them.
   */
  private async changeKey(
    organizationId: string,
    write: (tx: Db) => Promise<boolean>,
  ): Promise<void> {
    const changed = await this.db.transaction(async (tx) => {
      const found = await write(tx);
      if (found) await announceChange(tx, { organizationId });
      return found;
    });
    if (!changed) throw notFound('No such API key in this working group.');
    this.remembered.clear();
  }

  /** Whether this node found the key with this value lately: answered without the database. */
  knows(value: string): boolean {
    if (value.length === 0 || value.length > 200) return false;
    return this.remembered.has(hashToken(value.trim().toLowerCase()));
  }

  /** The key row for a value sent to the public API, recording its use now and then; null when unknown. */
  async authenticate(value: string): Promise<ApiKeyRow | null> {
    if (value.length === 0 || value.length > 200) return null;
    const hash = hashToken(value.trim().toLowerCase());
    const now = this.now();
    const touchedLately = (key: ApiKeyRow) =>
      key.lastUsedAt !== null && now.getTime() - key.lastUsedAt.getTime() < TOUCH_AFTER_MS;
    const remembered = this.remembered.get(hash);
    if (remembered && touchedLately(remembered)) return remembered;
    const key = await findKeyByHash(this.db, hash);
    if (!key) return null;
    const current = touchedLately(key) ? key : ((await touchKey(this.db, key.id, now)) ?? key);
    this.remembered.set(hash, current);
    return current;
  }

  /**
   * Forgets the keys this node remembers when a group changed (its keys among what may have):
   * called for every announced change, from any node. An announcement this node cannot read
   * (null) may be anything, so it forgets then too.
   */
  forget(change: Change | null): void {
    if (change === null || 'organizationId' in change) this.remembered.clear();
  }
}
