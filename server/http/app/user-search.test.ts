import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { limits } from '../../modules/abuse/rate-limiter';
import { useTestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { makePerson } from '../../test/people';

type Found = { success: true; users: Array<{ _id: string; username: string; fullname: string }> };

/**
 * The member search any signed-in user can run on a group of their own: it must not tell which
 * addresses have accounts, nor show names their owners keep private.
 */
describe('member search', () => {
  const t = useTestApp();
  const person = (options: Parameters<typeof makePerson>[2] = {}) =>
    makePerson(t.database.db, t.app.services.sessions, options);
  const get = (cookie: string, url: string) =>
    new TestBrowser(t.app).request('GET', url, undefined, cookie);

  async function ownGroup() {
    const me = await person();
    const created = await new TestBrowser(t.app).request(
      'POST',
      '/app/org',
      {
        name: `Searchers ${randomUUID().slice(0, 8)}`,
        collaborationLink: 'https://github.com/example/wg',
        description: 'About',
      },
      me.cookie,
    );
    expect(created.statusCode, created.body).toBe(200);
    const group = created.json<{ organization: { uuid: string } }>().organization.uuid;
    const search = async (text: string) => {
      const answer = await get(
        me.cookie,
        `/app/user?search=${encodeURIComponent(text)}&organization=${group}`,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Found>();
    };
    return { me, group, search };
  }

  it('finds an address only when the whole address is typed, in any case', async () => {
    const { search } = await ownGroup();
    const target = await person();
    const email = target.user.email;
    const ids = (found: Found) => found.users.map((u) => u._id);

    expect(ids(await search(email.toUpperCase()))).toEqual([target.user.id]);
    expect(ids(await search(` ${email} `))).toEqual([target.user.id]);
    // Parts of the address — what a letter-by-letter harvest would type — find nothing.
    expect(ids(await search(email.slice(0, -1)))).toEqual([]);
    expect(ids(await search(email.split('@')[0]!))).toEqual([]);
    expect(ids(await search(`@${email.split('@')[1]!}`))).not.toContain(target.user.id);
    // An address without an account answers the same shape as one with an account.
    const unknown = await search(`nobody-${randomUUID().slice(0, 8)}@example.org`);
    expect(unknown).toEqual({ success: true, users: [] });
  });

  it('matches names only where their owner made them public, and never shows a private one', async () => {
    const { search } = await ownGroup();
    const tag = randomUUID().slice(0, 6);
    const shy = await person({
      firstname: `Hidden${tag}`,
      lastname: 'Person',
      publicizeName: false,
    });
    const open = await person({
      firstname: `Shown${tag}`,
      lastname: 'Person',
      publicizeName: true,
    });

    expect((await search(`Hidden${tag}`)).users).toEqual([]);
    expect((await search(`Shown${tag}`)).users).toEqual([
      { _id: open.user.id, username: open.user.username, fullname: `Shown${tag} Person` },
    ]);
    // By username or exact address the private person is found, under the username only.
    const byUsername = await search(shy.user.username!);
    expect(byUsername.users).toEqual([
      { _id: shy.user.id, username: shy.user.username, fullname: shy.user.username },
    ]);
    const byAddress = await search(shy.user.email);
    expect(JSON.stringify(byAddress)).not.toContain(`Hidden${tag}`);
  });

  it('limits how often one user searches, with Retry-After', async () => {
    const { me, group, search } = await ownGroup();
    for (let i = 0; i < limits.userSearchPerUser.max; i += 1) await search(`someone-${i}`);
    const refused = await get(me.cookie, `/app/user?search=more&organization=${group}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The limit is the searcher's own: another user still searches.
    const other = await ownGroup();
    expect((await other.search('anyone')).success).toBe(true);
  });
});
