import { randomUUID } from 'node:crypto';
import type { BuiltApp } from '../app';
import type { UserRow } from '../db/schema';
import { makePerson } from './people';

export interface KeyedGroup {
  organizationId: string;
  admin: UserRow;
  cookie: string;
  /** Key values by what they may do. */
  keys: { readWrite: string; readOnly: string; writeOnly: string; disabled: string };
}

/** A working group with one key of each kind, made through the services as its admin would. */
export async function makeKeyedGroup(app: BuiltApp, name = 'Keyed Group'): Promise<KeyedGroup> {
  const { services } = app;
  const { user, cookie } = await makePerson(services.database.db, services.sessions);
  const group = await services.organizations.create(user, {
    name: `${name} ${randomUUID().slice(0, 8)}`,
    collaborationLink: 'https://example.org/group',
    description: '',
  });
  const make = async (read: boolean, write: boolean, enabled = true) => {
    const value = randomUUID();
    await services.apiKeys.create(user, group.uuid, {
      uuid: value,
      description: `${read ? 'r' : ''}${write ? 'w' : ''}${enabled ? '' : ' off'}`,
      readPermission: read,
      writePermission: write,
      isEnabled: enabled,
    });
    return value;
  };
  return {
    organizationId: group.uuid,
    admin: user,
    cookie,
    keys: {
      readWrite: await make(true, true),
      readOnly: await make(true, false),
      writeOnly: await make(false, true),
      disabled: await make(true, true, false),
    },
  };
}
