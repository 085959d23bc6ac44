import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../common/profiles';
import type { BuiltApp } from '../app';
import { makeKeyedGroup, type KeyedGroup } from '../test/api-keys';
import { useTestApp } from '../test/app';
import { verbForm } from '../test/authoring';
import {
  captureVersion,
  iriAnswer,
  readVersionViews,
  wordMaker,
  worldCalls,
  type Capture,
  type Json,
  type Kind,
  type OwnItem,
  type WorldCalls,
} from '../test/frozen-views';
import { uniqueProfile } from '../test/public-api';

/**
 * A published version never changes, whatever the site (`/app`) and the public API (`/api`) do
 * after it: random sequences of commands over a few profiles (create, edit, deprecate, delete,
 * link, restore and claim items, add from the Import Queue, import, replace and upload drafts,
 * publish and delete drafts), and after every command every view of every version published so
 * far is read again and compared with what it showed when it was published.
 *
 * Fixed seed by default; `MODEL_RUNS=200` runs that many sequences instead. A failure prints
 * fast-check's seed and path, which replay it (`seed` and `path` in `fc.assert`'s options).
 */

const RUNS = Number(process.env.MODEL_RUNS) || 0;
const SEED = 38;
/** A sequence takes a few seconds on a loaded two-core machine; a longer run gets longer. */
const TIMEOUT = 60_000 + (RUNS || 3) * 30_000;

interface ProfileModel {
  uuid: string;
  name: string;
  draftId: string | null;
  publishedId: string | null;
  /** Published versions already captured. */
  captured: Set<string>;
  gone: boolean;
}

/** Where an item's deprecation stands: in a draft (undone with it) or published (for good). */
interface Deprecation {
  profileUuid: string;
  /** The draft it was made in. */
  draftId: string;
  state: 'draft' | 'published';
}

interface Model {
  profiles: ProfileModel[];
  /** Every published version, in the order they were published. */
  captures: Capture[];
  deprecations: Map<string, Deprecation>;
}

interface World {
  app: BuiltApp;
  group: KeyedGroup;
  calls: WorldCalls;
  word: () => string;
}

const PLURAL: Record<Kind, string> = {
  concept: 'concepts',
  template: 'templates',
  pattern: 'patterns',
};

const currentOf = (p: ProfileModel) => p.draftId ?? p.publishedId;
const versionUrl = (p: ProfileModel, versionId = currentOf(p) ?? '') =>
  `/app/profile/${p.uuid}/version/${versionId}`;
const pick = <T>(list: T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length];

/** The live profiles, the one a command names among them. */
const profileAt = (m: Model, n: number) =>
  pick(
    m.profiles.filter((p) => !p.gone),
    n,
  );

/** The p-th live profile that has a draft. */
const withDraft = (m: Model, n: number) =>
  pick(
    m.profiles.filter((p) => !p.gone && p.draftId !== null),
    n,
  );

/** The newest capture of a profile. */
const newestCapture = (m: Model, p: ProfileModel) =>
  m.captures.filter((c) => c.profileUuid === p.uuid).at(-1);

interface ListRow {
  uuid: string;
  iri: string;
  name: string;
  description: string;
  linked: boolean;
  status: 'Deprecated' | 'Unpublished' | 'Published';
  conceptType?: string;
}

/** The own concepts of a profile's current version, as its members see them. */
async function ownConcepts(w: World, p: ProfileModel): Promise<ListRow[]> {
  const list = await w.calls.member.get(`${versionUrl(p)}/concepts?page=1&limit=100`);
  if (list.statusCode !== 200) return [];
  return list.json<{ concepts: ListRow[] }>().concepts.filter((row) => !row.linked);
}

/**
 * Runs a change under the item's write lock, given up after it as the edit screen does (a held
 * lock would refuse the API's changes to the draft). A refused lock leaves the change to be
 * refused cleanly on its own.
 */
async function underLock<T>(w: World, p: ProfileModel, row: ListRow, change: () => Promise<T>) {
  await w.calls.member.post(`${versionUrl(p)}/concepts/${row.uuid}/lock`);
  const answer = await change();
  await w.calls.member.delete(`${versionUrl(p)}/concepts/${row.uuid}/lock`);
  return answer;
}

/** A document to store as a draft: new words in a concept's definition and a new verb. */
function reworded(w: World, document: Json, n: number): Json {
  const doc = structuredClone(document);
  const versionIri = (doc.versions as Array<{ id: string }>)[0]?.id ?? '';
  const concepts = Array.isArray(doc.concepts) ? (doc.concepts as Json[]) : [];
  const changed = pick(concepts, n);
  if (changed) changed.definition = { en: `Changed as ${w.word()}.` };
  const name = w.word();
  concepts.push({
    id: `${String(doc.id)}/verbs/${name}`,
    type: 'Verb',
    inScheme: versionIri,
    prefLabel: { en: name },
    definition: { en: `To ${name}.` },
  });
  doc.concepts = concepts;
  return doc;
}

// --- the commands --------------------------------------------------------------------------

type Command = fc.AsyncCommand<Model, World>;

abstract class Step implements Command {
  readonly args: unknown[];

  constructor(
    readonly label: string,
    readonly p: number,
    ...more: unknown[]
  ) {
    this.args = [p, ...more];
  }

  check(m: Readonly<Model>): boolean {
    return this.profile(m) !== undefined && this.applies(m);
  }

  /** The profile the command works on: the p-th live one, or for some the p-th with a draft. */
  protected profile(m: Model): ProfileModel | undefined {
    return profileAt(m, this.p);
  }

  /** Whether the command means anything in this state (a draft to publish, say). */
  protected applies(_m: Model): boolean {
    return true;
  }

  protected abstract act(m: Model, w: World, p: ProfileModel): Promise<void>;

  async run(m: Model, w: World): Promise<void> {
    await this.act(m, w, this.profile(m) as ProfileModel);
    await settle(m, w);
    await verify(m, w);
  }

  toString(): string {
    return `${this.label}(${this.args.join(', ')})`;
  }
}

class CreateConcept extends Step {
  constructor(p: number) {
    super('createConcept', p);
  }

  protected async act(_m: Model, w: World, p: ProfileModel) {
    await w.calls.member.post(`${versionUrl(p)}/concepts`, verbForm(w.word()));
  }
}

class EditConcept extends Step {
  constructor(
    p: number,
    readonly n: number,
  ) {
    super('editConcept', p, n);
  }

  protected async act(_m: Model, w: World, p: ProfileModel) {
    const row = pick(await ownConcepts(w, p), this.n);
    if (!row) return;
    const url = `${versionUrl(p)}/concepts/${row.uuid}`;
    const form = {
      conceptType: row.conceptType ?? 'Verb',
      name: row.name,
      description: row.description,
      translations: [{ language: 'fr', translationName: w.word(), translationDesc: w.word() }],
    };
    await underLock(w, p, row, async () => {
      const saved = await w.calls.member.put(url, {
        ...form,
        description: `${w.word()} ${row.description}`,
      });
      // Once published, only translations and a few more fields may change.
      if (saved.statusCode === 400) await w.calls.member.put(url, form);
    });
  }
}

class DeprecateConcept extends Step {
  constructor(
    p: number,
    readonly n: number,
  ) {
    super('deprecateConcept', p, n);
  }

  protected async act(m: Model, w: World, p: ProfileModel) {
    const row = pick(await ownConcepts(w, p), this.n);
    if (!row) return;
    const answer = await underLock(w, p, row, () =>
      w.calls.member.post(`${versionUrl(p)}/concepts/${row.uuid}/deprecate`, {
        reason: 'Replaced.',
        link: '',
      }),
    );
    if (answer.statusCode === 200 && !m.deprecations.has(row.uuid))
      m.deprecations.set(row.uuid, {
        profileUuid: p.uuid,
        draftId: answer.json<{ versionId: string }>().versionId,
        state: 'draft',
      });
  }
}

class DeleteConcept extends Step {
  constructor(
    p: number,
    readonly n: number,
  ) {
    super('deleteConcept', p, n);
  }

  protected async act(_m: Model, w: World, p: ProfileModel) {
    // A published item cannot be deleted: those nothing published yet are the ones to try.
    const own = await ownConcepts(w, p);
    const unpublished = own.filter((r) => r.status === 'Unpublished');
    const row = pick(unpublished.length > 0 ? unpublished : own, this.n);
    if (!row) return;
    await underLock(w, p, row, () =>
      w.calls.member.delete(`${versionUrl(p)}/concepts/${row.uuid}`),
    );
  }
}

/** Lists a concept another profile published in this profile's current version. */
class LinkConcept extends Step {
  constructor(
    p: number,
    readonly q: number,
    readonly n: number,
  ) {
    super('linkConcept', p, q, n);
  }

  protected async act(m: Model, w: World, p: ProfileModel) {
    const source = profileAt(m, this.q);
    const capture = source && source !== p ? newestCapture(m, source) : undefined;
    const item = pick(capture?.own.filter((i) => i.kind === 'concept') ?? [], this.n);
    if (!item) return;
    await w.calls.member.post(`${versionUrl(p)}/concepts/link`, { conceptIds: [item.uuid] });
  }
}

/** A statement using another profile's published concept as its verb, added from the queue. */
class AddFromImportQueue extends Step {
  constructor(
    p: number,
    readonly q: number,
    readonly n: number,
  ) {
    super('addFromImportQueue', p, q, n);
  }

  protected async act(m: Model, w: World, p: ProfileModel) {
    const source = profileAt(m, this.q);
    const capture = source && source !== p ? newestCapture(m, source) : undefined;
    const item = pick(capture?.own.filter((i) => i.kind === 'concept') ?? [], this.n);
    if (!item) return;
    const queue = `${versionUrl(p)}/harvest`;
    const uploaded = await w.calls.member.post(`${queue}?fileName=statements.json`, [
      {
        actor: { mbox: 'mailto:learner@example.org', objectType: 'Agent' },
        verb: { id: item.iri, display: { en: item.name } },
        object: { id: 'https://example.org/activities/model' },
      },
    ]);
    if (uploaded.statusCode !== 200) return;
    const file = uploaded.json<{
      file: { id: string; candidates: Array<{ key: string; iri: string }> };
    }>().file;
    const candidate = file.candidates.find((c) => c.iri === item.iri);
    if (!candidate) return;
    await w.calls.member.post(`${queue}/${file.id}/add`, { key: candidate.key });
  }
}

/** Deleted Items of the profile: its own deleted items, or orphans of deleted profiles. */
class Adopt extends Step {
  constructor(
    p: number,
    readonly which: 'restore' | 'claim',
    readonly n: number,
  ) {
    super(which, p, n);
  }

  protected async act(_m: Model, w: World, p: ProfileModel) {
    const page = await w.calls.member.get(
      `/app/deleted-items/profile/${p.uuid}/version/${currentOf(p) ?? ''}?page=1&limit=100`,
    );
    if (page.statusCode !== 200) return;
    const items = page
      .json<{ items: Array<{ uuid: string; kind: Kind; reason: 'deleted' | 'orphaned' }> }>()
      .items.filter((i) => i.reason === (this.which === 'claim' ? 'orphaned' : 'deleted'));
    const item = pick(items, this.n);
    if (!item) return;
    await w.calls.member.post(`/app/${item.kind}/${item.uuid}/${this.which}`, {
      profileId: p.uuid,
    });
  }
}

/** The next version through `POST /api/profile`, kept as a draft: the published one reworded. */
class ImportNextVersion extends Step {
  constructor(
    p: number,
    readonly n: number,
  ) {
    super('importNextVersion', p, n);
  }

  protected override applies(m: Model) {
    const p = profileAt(m, this.p);
    return p !== undefined && p.draftId === null && newestCapture(m, p) !== undefined;
  }

  protected async act(m: Model, w: World, p: ProfileModel) {
    const capture = newestCapture(m, p);
    if (!capture) return;
    const published = JSON.parse(capture.views['document as JSON-LD'] as string) as Json;
    const versions = published.versions as Json[];
    const next = {
      id: `${String(published.id)}/versions/${w.word()}`,
      wasRevisionOf: [capture.versionIri],
      generatedAtTime: new Date().toISOString(),
    };
    const document = reworded(w, { ...published, versions: [next, ...versions] }, this.n);
    await w.calls.api('POST', '/api/profile', {
      payload: { profile: document, status: { published: false } },
    });
  }
}

/** A new profile through `POST /api/profile`, kept as a draft. */
class ImportNewProfile extends Step {
  constructor() {
    super('importNewProfile', 0);
  }

  protected override applies(m: Model) {
    return m.profiles.filter((p) => !p.gone).length < 4;
  }

  protected async act(m: Model, w: World) {
    const answer = await w.calls.api('POST', '/api/profile', {
      payload: { profile: reworded(w, uniqueProfile().doc, 0), status: { published: false } },
    });
    if (answer.statusCode !== 200) return;
    const url = answer.json<{ metadata: { profile_url: string } }>().metadata.profile_url;
    m.profiles.push(emptyProfile(url.split('/').pop() as string));
  }
}

/** The draft's document, changed, back through `PUT /api/profile/{uuid}`. */
class ReplaceDraft extends Step {
  constructor(
    p: number,
    readonly n: number,
  ) {
    super('replaceDraft', p, n);
  }

  protected override profile(m: Model) {
    return withDraft(m, this.p);
  }

  protected async act(_m: Model, w: World, p: ProfileModel) {
    const url = `/api/profile/${p.draftId ?? ''}`;
    const read = await w.calls.api('GET', url, { headers: { accept: 'application/ld+json' } });
    if (read.statusCode !== 200) return;
    await w.calls.api('PUT', url, {
      headers: { 'if-unmodified-since': String(read.headers['last-modified']) },
      payload: { profile: reworded(w, read.json<Json>(), this.n), status: { published: false } },
    });
  }
}

/** The current version's document, changed, uploaded on the site's Import screen. */
class UploadDocument extends Step {
  constructor(
    p: number,
    readonly n: number,
  ) {
    super('uploadDocument', p, n);
  }

  protected async act(_m: Model, w: World, p: ProfileModel) {
    const read = await w.calls.member.get(`${versionUrl(p)}/document`);
    if (read.statusCode !== 200) return;
    await w.calls.member.post(
      `${versionUrl(p)}/import-profile?fileName=profile.json`,
      reworded(w, read.json<Json>(), this.n),
    );
  }
}

class Publish extends Step {
  constructor(
    p: number,
    readonly viaApi: boolean,
  ) {
    super('publish', p, viaApi ? 'api' : 'site');
  }

  protected override profile(m: Model) {
    return withDraft(m, this.p);
  }

  protected async act(_m: Model, w: World, p: ProfileModel) {
    if (this.viaApi)
      await w.calls.api('POST', `/api/profile/${p.draftId ?? ''}/status`, {
        payload: { published: true },
      });
    else await w.calls.member.post(`${versionUrl(p)}/publish`, { confirmed: true });
  }
}

class DeleteDraft extends Step {
  constructor(
    p: number,
    readonly viaApi: boolean,
  ) {
    super('deleteDraft', p, viaApi ? 'api' : 'site');
  }

  protected override profile(m: Model) {
    return withDraft(m, this.p);
  }

  protected async act(_m: Model, w: World, p: ProfileModel) {
    if (this.viaApi) await w.calls.api('DELETE', `/api/profile/${p.draftId ?? ''}`);
    else await w.calls.member.delete(`/app/profile/${p.uuid}/draft`);
  }
}

const profileIndex = fc.nat({ max: 3 });
const itemIndex = fc.nat({ max: 20 });
const commands = [
  profileIndex.map((p) => new CreateConcept(p)),
  fc.tuple(profileIndex, itemIndex).map(([p, n]) => new EditConcept(p, n)),
  fc.tuple(profileIndex, itemIndex).map(([p, n]) => new DeprecateConcept(p, n)),
  fc.tuple(profileIndex, itemIndex).map(([p, n]) => new DeleteConcept(p, n)),
  fc.tuple(profileIndex, profileIndex, itemIndex).map(([p, q, n]) => new LinkConcept(p, q, n)),
  fc
    .tuple(profileIndex, profileIndex, itemIndex)
    .map(([p, q, n]) => new AddFromImportQueue(p, q, n)),
  fc
    .tuple(profileIndex, fc.constantFrom('restore' as const, 'claim' as const), itemIndex)
    .map(([p, which, n]) => new Adopt(p, which, n)),
  fc.tuple(profileIndex, itemIndex).map(([p, n]) => new ImportNextVersion(p, n)),
  fc.constant(null).map(() => new ImportNewProfile()),
  fc.tuple(profileIndex, itemIndex).map(([p, n]) => new ReplaceDraft(p, n)),
  fc.tuple(profileIndex, itemIndex).map(([p, n]) => new UploadDocument(p, n)),
  // Publishing is what makes new captures: it comes up more often than the rest.
  fc.tuple(profileIndex, fc.boolean()).map(([p, api]) => new Publish(p, api)),
  fc.tuple(profileIndex, fc.boolean()).map(([p, api]) => new Publish(p, api)),
  fc.tuple(profileIndex, fc.boolean()).map(([p, api]) => new DeleteDraft(p, api)),
];

// --- following the server and checking the captures ----------------------------------------

function emptyProfile(uuid: string): ProfileModel {
  return { uuid, name: '', draftId: null, publishedId: null, captured: new Set(), gone: false };
}

/**
 * Brings the model in line with what the server says each profile now has, and captures every
 * version published since: a publication ends the draft's deprecations' chance of being undone,
 * a draft that went without being published takes its deprecations along.
 */
async function settle(m: Model, w: World): Promise<void> {
  for (const p of m.profiles.filter((q) => !q.gone)) {
    const answer = await w.calls.member.get(`/app/profile/${p.uuid}`);
    if (answer.statusCode === 404) {
      expect(p.publishedId, 'a published profile vanished').toBeNull();
      p.gone = true;
      continue;
    }
    expect(answer.statusCode, answer.body).toBe(200);
    const { profile, version } = answer.json<ProfileView>();
    p.name = version.name;
    p.draftId = profile.currentDraftVersion?.uuid ?? null;
    p.publishedId = profile.currentPublishedVersion?.uuid ?? null;
    const fresh = profile.versions
      .filter((v) => v.state === 'published' && !p.captured.has(v.uuid))
      .sort((a, b) => a.version - b.version);
    for (const [id, deprecation] of m.deprecations) {
      if (deprecation.profileUuid !== p.uuid || deprecation.state !== 'draft') continue;
      if (fresh.some((v) => v.uuid === deprecation.draftId)) deprecation.state = 'published';
      else if (p.draftId !== deprecation.draftId) m.deprecations.delete(id);
    }
    for (const v of fresh) {
      p.captured.add(v.uuid);
      m.captures.push(await captureVersion(w.app, w.calls, p.uuid, v.uuid));
    }
  }
}

/** The newest capture defining the item: what public reads outside a version show of it. */
function publicFace(m: Model, item: OwnItem): Capture | undefined {
  return m.captures.filter((c) => c.own.some((o) => o.uuid === item.uuid)).at(-1);
}

/**
 * Reads every view of every captured version again.
 *
 * Inside a version (its document as JSON-LD and Turtle, its lists, its item pages, its named
 * graph) nothing may change, byte for byte or value for value.
 *
 * Outside a version the public reads an item at its newest published revision, so what the
 * search and `/api/iri/` show of an item is checked against the newest capture that defines it
 * (an older version's text has legitimately given way to a newer one's). A search answer grows
 * as other profiles publish, so it is not compared whole: the item must be among the hits for
 * its name, with the name and description it was published with — unless it is deprecated,
 * which takes it out of searches at once (and undone again with the draft that did it).
 * `/api/iri/` answers the published document entry, with `deprecated: true` added while it is
 * deprecated. Only names made of a word of this test are searched: the imported fixture's
 * names ("placed", "won") are shared by every run and may fall off the first page.
 */
async function verify(m: Model, w: World): Promise<void> {
  for (const capture of m.captures) {
    const { views } = await readVersionViews(
      w.app,
      w.calls,
      capture.profileUuid,
      capture.versionId,
      capture.versionIri,
    );
    expect(Object.keys(views).sort(), `views of ${capture.versionIri}`).toEqual(
      Object.keys(capture.views).sort(),
    );
    for (const [what, shown] of Object.entries(capture.views))
      expect(views[what], `${what} of ${capture.versionIri}`).toEqual(shown);

    for (const item of capture.own) {
      if (publicFace(m, item) !== capture) continue;
      const deprecated = item.deprecated || m.deprecations.has(item.uuid);
      const expected = deprecated ? { ...item.iriAnswer, deprecated: true } : item.iriAnswer;
      expect(await iriAnswer(w.calls, item.iri), `/api/iri/ of ${item.iri}`).toEqual(expected);
      if (!/^zq[a-z]{6}$/.test(item.name)) continue;
      // The search page leaves deprecated items out; the add screens' search shows them.
      const searches: Array<[string, boolean]> = [
        [`/app/search/${PLURAL[item.kind]}?search=${item.name}`, !deprecated],
      ];
      if (item.kind === 'concept')
        searches.push([`/app/concepts/search?search=${item.name}&page=1&limit=10`, true]);
      for (const [url, shown] of searches) {
        const answer = await w.calls.anonymous.get(url);
        expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
        const body = answer.json<{ results?: Json[]; concepts?: Json[] }>();
        const hit = (body.results ?? body.concepts ?? []).find((h) => h.uuid === item.uuid);
        if (!shown) expect(hit, `${url} finds a deprecated item`).toBeUndefined();
        else
          expect(hit, `${url} of ${capture.versionIri}`).toMatchObject({
            iri: item.iri,
            name: item.name,
            description: item.description,
          });
      }
    }
  }
}

// --- the run ------------------------------------------------------------------------------

describe('published versions under random site and API commands', () => {
  const t = useTestApp({
    API_RATE_LIMIT_PER_KEY: '1000000',
    API_RATE_LIMIT_PER_ADDRESS: '1000000',
  });
  let group: KeyedGroup;
  let calls: WorldCalls;
  const word = wordMaker();

  beforeAll(async () => {
    group = await makeKeyedGroup(t.app, 'Model');
    calls = worldCalls(t.app, group);
  });

  /** Two site profiles and an imported one, published; and orphans of a deleted profile. */
  async function setup(): Promise<{ model: Model; real: World }> {
    const w: World = { app: t.app, group, calls, word };
    const m: Model = { profiles: [], captures: [], deprecations: new Map() };
    const siteProfile = async (verbs: number, publish: boolean) => {
      const made = await calls.member.post(`/app/org/${group.organizationId}/profile`, {
        iriType: 'external-iri',
        extiri: `https://example.org/profiles/${word()}`,
        name: `Model ${word()}`,
        description: 'A profile of the model test.',
      });
      expect(made.statusCode, made.body).toBe(200);
      const view = made.json<ProfileView>();
      const base = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
      for (let i = 0; i < verbs; i++) {
        const verb = await calls.member.post(`${base}/concepts`, verbForm(word()));
        expect(verb.statusCode, verb.body).toBe(200);
      }
      if (publish) {
        const published = await calls.member.post(`${base}/publish`, { confirmed: true });
        expect(published.statusCode, published.body).toBe(200);
      }
      return view;
    };
    for (let i = 0; i < 2; i++)
      m.profiles.push(emptyProfile((await siteProfile(2, true)).profile.uuid));
    const imported = await calls.api('POST', '/api/profile', {
      payload: { profile: reworded(w, uniqueProfile().doc, 0), status: { published: true } },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const url = imported.json<{ metadata: { profile_url: string } }>().metadata.profile_url;
    m.profiles.push(emptyProfile(url.split('/').pop() as string));
    // Its items lose their profile: orphans anyone signed in may claim.
    const doomed = await siteProfile(2, false);
    const deleted = await calls.member.delete(
      `/app/profile/${doomed.profile.uuid}?confirmName=${encodeURIComponent(doomed.version.name)}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    await settle(m, w);
    await verify(m, w);
    return { model: m, real: w };
  }

  it(
    'shows every published version as it was published, in every view',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.noBias(fc.commands(commands, { maxCommands: 16, size: 'max' })),
          (sequence) => fc.asyncModelRun(setup, sequence),
        ),
        { seed: SEED, numRuns: RUNS || 3, endOnFailure: true },
      );
    },
    TIMEOUT,
  );
});
