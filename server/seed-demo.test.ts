import { beforeAll, describe, expect, it } from 'vitest';
import { compareVersions, followsPatterns, parse, validate } from '../xapi/index';
import type { UserRow } from './db/schema';
import { useTestApp } from './test/app';
import { makePerson } from './test/people';
import { seedDemoContent } from './seed-demo';
import { readingIris, readingStatements } from './seed-demo-documents';

const t = useTestApp();

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const errorsOf = (document: unknown) =>
  validate(document, { mode: 'authoring' }).filter((f) => f.severity === 'error');

describe('the demo content', () => {
  let admin: UserRow;
  let readingId: string;
  let readingIri: string;
  /** The reading profile's documents: its two published versions and the draft after them. */
  const documents: Json[] = [];
  let draftId: string;

  beforeAll(async () => {
    admin = (await makePerson(t.database.db, t.app.services.sessions, { type: 'admin' })).user;
    await seedDemoContent(t.app.services, admin);
    const found = await t.app.services.profiles.published({ sort: 'name', page: 1, limit: 10 });
    const reading = found.profiles.find((p) => p.name === 'Reading Progress')!;
    readingId = reading.uuid;
    readingIri = reading.iri;
    const view = await t.app.services.profiles.latest(admin, readingId, {
      address: '192.0.2.1',
      userAgent: 'test',
    });
    const oldestFirst = [...view.profile.versions].sort((a, b) => a.version - b.version);
    for (const version of oldestFirst)
      documents.push(await t.app.services.profiles.exportDocument(admin, readingId, version.uuid));
    draftId = view.profile.currentDraftVersion!.uuid;
  });

  it('publishes two profiles, every published version valid, one with two versions and a draft', async () => {
    const found = await t.app.services.profiles.published({ sort: 'name', page: 1, limit: 10 });
    expect(found.profiles.map((p) => [p.name, p.version])).toEqual([
      ['Guided Practice Sessions', 1],
      ['Reading Progress', 2],
    ]);
    for (const item of found.profiles) {
      const document = await t.app.services.profiles.exportDocument(
        admin,
        item.uuid,
        item.versionUuid,
      );
      expect(errorsOf(document)).toEqual([]);
    }
    const view = await t.app.services.profiles.latest(admin, readingId, {
      address: '192.0.2.1',
      userAgent: 'test',
    });
    expect(view.profile.versions.map((v) => [v.version, v.state])).toEqual([
      [3, 'draft'],
      [2, 'published'],
      [1, 'published'],
    ]);
    expect(view.version.translations.map((tr) => tr.language)).toEqual(['fr', 'es']);
    for (const document of documents.slice(0, 2)) expect(errorsOf(document)).toEqual([]);
    // The draft is a small step from version 2, and valid too.
    expect(errorsOf(documents[2]!)).toEqual([]);
  });

  it('has every kind of concept, with schemas, recommended terms and similar terms', () => {
    const concepts = list(documents[1]!.concepts);
    expect(new Set(concepts.map((c) => c.type))).toEqual(
      new Set([
        'Verb',
        'ActivityType',
        'AttachmentUsageType',
        'StateResource',
        'AgentProfileResource',
        'ActivityProfileResource',
        'ContextExtension',
        'ResultExtension',
        'ActivityExtension',
        'Activity',
      ]),
    );
    const extensions = concepts.filter((c) => String(c.type).endsWith('Extension'));
    expect(extensions.some((c) => typeof c.inlineSchema === 'string')).toBe(true);
    expect(extensions.some((c) => typeof c.schema === 'string')).toBe(true);
    expect(extensions.some((c) => list(c.recommendedVerbs).length > 0)).toBe(true);
    expect(extensions.some((c) => list(c.recommendedActivityTypes).length > 0)).toBe(true);
    expect(concepts.filter((c) => c.type === 'Activity').every((c) => c.activityDefinition)).toBe(
      true,
    );
    for (const relation of ['broader', 'narrower', 'related'])
      expect(concepts.some((c) => list(c[relation]).length > 0)).toBe(true);
  });

  it('has templates with rules of each presence and each value check, one with a StatementRef', () => {
    const templates = list(documents[1]!.templates);
    const rules = templates.flatMap((tp) => list(tp.rules));
    expect(new Set(rules.map((r) => r.presence))).toEqual(
      new Set(['included', 'recommended', 'excluded']),
    );
    for (const check of ['any', 'all', 'none']) expect(rules.some((r) => check in r)).toBe(true);
    expect(templates.some((tp) => list(tp.objectStatementRefTemplate).length > 0)).toBe(true);
    expect(templates.every((tp) => typeof tp.verb === 'string')).toBe(true);
  });

  it('shows an example statement on every template, in each version', async () => {
    const view = await t.app.services.profiles.latest(admin, readingId, {
      address: '192.0.2.1',
      userAgent: 'test',
    });
    for (const version of view.profile.versions) {
      const { templates } = await t.app.services.templates.list(admin, readingId, version.uuid, {
        sort: 'name',
        page: 1,
        limit: 100,
      });
      expect(templates).toHaveLength(5);
      for (const row of templates) {
        const { template } = await t.app.services.templates.get(
          admin,
          readingId,
          version.uuid,
          row.uuid,
        );
        expect(template.statementExample, `${row.name} in version ${version.version}`).not.toBe('');
      }
    }
  });

  it('has patterns of each kind, one of them primary', () => {
    const patterns = list(documents[1]!.patterns);
    const kinds = ['sequence', 'alternates', 'optional', 'oneOrMore', 'zeroOrMore'];
    for (const kind of kinds) expect(patterns.some((p) => kind in p)).toBe(true);
    expect(patterns.filter((p) => p.primary === true)).toHaveLength(1);
  });

  it('compares its two published versions as their release notes would say', () => {
    const iris = readingIris(readingIri);
    const changes = compareVersions(documents[0], documents[1]);
    const change = (id: string) => changes.items.find((item) => item.id === id);
    expect(change(iris.verbs.skimmed)?.change).toBe('deprecated');
    expect(change(iris.verbs.highlighted)?.change).toBe('added');
    const stricter = change(iris.templates.read);
    expect(stricter?.impact).toBe('breaking');
    expect(stricter?.fields.map((f) => f.field).join(' ')).toContain('presence');
    const reworded = change(iris.verbs.paused);
    expect(reworded?.fields.map((f) => [f.field, f.impact])).toEqual([
      ['definition.en', 'editorial'],
    ]);
    // The draft after them changes one rule and nothing else.
    const next = compareVersions(documents[1], documents[2]);
    expect(next.items.map((item) => [item.id, item.change])).toEqual([
      [iris.templates.opened, 'changed'],
    ]);
  });

  it('has statements in the Import Queue that follow the primary pattern', async () => {
    const statements = readingStatements(readingIri);
    const byId = new Map(statements.map((s) => [s.id as string, s]));
    const { model } = parse(documents[1]);
    const followed = followsPatterns(statements, model!, {
      lookupStatement: (id) => byId.get(id),
    });
    expect(followed.rejected).toEqual([]);
    expect(followed.streams).toHaveLength(2);
    expect(followed.streams.every((s) => s.notValidated.length === 0)).toBe(true);
    expect(followed.followed).toBe(true);

    const queue = await t.app.services.harvest.list(admin, readingId, draftId);
    expect(queue.files.map((f) => f.statementCount)).toEqual([statements.length]);
    const file = await t.app.services.harvest.get(admin, readingId, draftId, queue.files[0]!.id);
    const states = new Set(file.candidates.map((c) => c.match.state));
    expect(states.has('inProfile')).toBe(true);
    expect(states.has('no')).toBe(true);
  });

  it('has views on several past days, shown by the charts and the usage of a version', async () => {
    const usage = await t.app.services.metrics.usage(null, readingId);
    expect(usage.metrics.filter((m) => m.value > 0).length).toBeGreaterThanOrEqual(7);
    const viewed = await t.app.services.metrics.mostViewed(30);
    expect(viewed.metrics.map((m) => m.name)).toEqual([
      'Reading Progress',
      'Guided Practice Sessions',
    ]);
    const exported = await t.app.services.metrics.mostExported(30);
    expect(exported.metrics.length).toBeGreaterThan(0);
  });

  it('counts every export through the API as a read through the API, as the server does', async () => {
    const total = (
      ranking: Awaited<ReturnType<typeof t.app.services.metrics.mostExported>>,
      type: string,
    ) => ranking.metrics.filter((m) => m._id.counterType === type).reduce((sum, m) => sum + m.y, 0);
    const exported = await t.app.services.metrics.mostExported(30);
    const api = await t.app.services.metrics.mostApiRetrievals(admin, 30);
    const apiExports = total(exported, 'profileAPIExport');
    expect(apiExports).toBeGreaterThan(0);
    expect(total(api, 'profileAPIRead')).toBeGreaterThanOrEqual(apiExports);
  });
});
