import { expect, it } from 'vitest';
import { validate } from '../xapi/index';
import { useTestApp } from './test/app';
import { makePerson } from './test/people';
import { seedDemoContent } from './seed-demo';

const t = useTestApp();

it('seeds two published profiles whose documents are valid, one with a vocabulary', async () => {
  const { user } = await makePerson(t.database.db, t.app.services.sessions, { type: 'admin' });
  await seedDemoContent(t.app.services, user);
  const list = await t.app.services.profiles.published({ sort: 'name', page: 1, limit: 10 });
  expect(list.total).toBe(2);
  const home = await t.app.services.profiles.home();
  expect(home.latestConcepts).toHaveLength(3);
  const withConcepts = [];
  for (const item of list.profiles) {
    const document = await t.app.services.profiles.exportDocument(
      user,
      item.uuid,
      item.versionUuid,
    );
    expect(validate(document, { mode: 'authoring' }).filter((f) => f.severity === 'error')).toEqual(
      [],
    );
    if (Array.isArray(document.concepts)) withConcepts.push(document.concepts.length);
  }
  expect(withConcepts).toEqual([4]);
});
