import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, serialize, type JsonObject } from '../../../xapi/index';
import { generateProfile } from '../../../xapi/fixtures/generated-profile';
import { validProfile } from '../../../xapi/fixtures/profiles';
import type { OrganizationRow, ProfileRow, ProfileVersionRow } from '../../db/schema';
import { assembleDocument, checkDocument, checkImportDocument } from './document';
import { decomposeDocument } from './import';
import { authoredDir } from '../../../xapi/fixtures/corpus';

const normalForm = (doc: unknown) =>
  serialize(parse(doc).model as NonNullable<ReturnType<typeof parse>['model']>);

/** A profile another one reuses from: its concept is an activity type, not a verb. */
function storedActivityType(iri: string): JsonObject {
  return {
    id: 'urn:test:known',
    type: 'Profile',
    concepts: [{ id: iri, type: 'ActivityType', prefLabel: { en: 'thing' } }],
  };
}

describe('checkDocument', () => {
  it('checks the bytes it is given, not the object: a document changed in place after passing is refused', async () => {
    const doc = normalForm(validProfile());
    expect((await checkDocument(doc, 'import')).errors).toEqual([]);
    const templates = doc.templates as JsonObject[];
    (templates[0] as JsonObject).verb = 'not an IRI';
    const { errors } = await checkDocument(doc, 'import');
    expect(errors.map((e) => e.path)).toContain('/templates/0/verb');
  });

  it('does not take a pass in import mode for a pass when authoring', async () => {
    const doc = normalForm(validProfile());
    const patterns = doc.patterns as JsonObject[];
    // A member nobody defines only warns on import (real data does it) but stops an author.
    (patterns[0] as JsonObject).sequence = [
      ...((patterns[0] as JsonObject).sequence as string[]),
      'https://nowhere.example/templates/missing',
    ];
    const imported = await checkDocument(doc, 'import');
    expect(imported.errors).toEqual([]);
    expect(imported.warnings.some((w) => w.ruleId === 'K11')).toBe(true);
    expect((await checkDocument(doc, 'import')).errors).toEqual([]);
    const authored = await checkDocument(doc, 'authoring');
    expect(authored.errors.some((e) => e.ruleId === 'K11')).toBe(true);
  });

  it('does not take a pass without known profiles for a pass with them', async () => {
    const doc = normalForm(validProfile());
    const verb = 'https://stored.example/concepts/thing';
    ((doc.templates as JsonObject[])[0] as JsonObject).verb = verb;
    expect((await checkDocument(doc, 'import')).errors).toEqual([]);
    const { errors } = await checkDocument(doc, 'import', [storedActivityType(verb)]);
    expect(errors.some((e) => e.ruleId === 'I5' && e.path === '/templates/0/verb')).toBe(true);
  });

  it('answers a repeated pass with the same warnings, which callers may change freely', async () => {
    const doc = normalForm(validProfile());
    ((doc.patterns as JsonObject[])[0] as JsonObject).sequence = [
      ...(((doc.patterns as JsonObject[])[0] as JsonObject).sequence as string[]),
      'https://nowhere.example/templates/missing',
    ];
    const first = await checkDocument(doc, 'import');
    first.warnings.length = 0;
    first.errors.push(first.errors[0] as never);
    const again = await checkDocument(doc, 'import');
    expect(again.errors).toEqual([]);
    expect(again.warnings.some((w) => w.ruleId === 'K11')).toBe(true);
  });
});

describe('an Activity concept naming an activity context of its own', () => {
  // The structure document: "@context SHOULD be https://w3id.org/xapi/profiles/activity-context";
  // a SHOULD only warns, so neither an import nor a publication (authoring) is refused.
  const doc = () => {
    const d = normalForm(validProfile());
    const activity = (d.concepts as JsonObject[]).find((c) => c.type === 'Activity')!;
    (activity.activityDefinition as JsonObject)['@context'] =
      'https://example.org/my-activity-context';
    return d;
  };

  it('passes the import check and the publication check, with an H2 warning', async () => {
    for (const checked of [
      await checkImportDocument(doc()),
      await checkDocument(doc(), 'authoring'),
    ]) {
      expect(checked.errors).toEqual([]);
      expect(checked.warnings.map((w) => [w.ruleId, w.severity])).toContainEqual(['H2', 'warning']);
    }
  });
});

describe('checkImportDocument', () => {
  it('refuses what the input says even where its normal form would pass', async () => {
    const raw = validProfile();
    const concept = (raw.concepts as JsonObject[])[0] as JsonObject;
    concept.narrower = (concept.narrower as string[])[0] as string;
    const normal = normalForm(raw);
    expect((await checkDocument(normal, 'import')).errors).toEqual([]);
    const { errors } = await checkImportDocument(raw);
    expect(errors.some((e) => e.ruleId === 'A2' && e.path === '/concepts/0/narrower')).toBe(true);
  });

  it('answers the normal form of a document that passes', async () => {
    const raw = validProfile();
    const { document, errors } = await checkImportDocument(raw);
    expect(errors).toEqual([]);
    expect(document).toEqual(normalForm(raw));
  });
});

/** The rows an import stores for a document, as far as assembling its document reads them. */
function storedParts(document: JsonObject) {
  const parts = decomposeDocument(document);
  const [self, ...older] = parts.versions;
  const profile = { iri: parts.iri, priorVersions: older } as unknown as ProfileRow;
  const version = {
    ...parts.header,
    iri: self?.id,
    generatedAt: self?.generatedAtTime ?? null,
    revisionOf: self?.wasRevisionOf ?? null,
    publishedAt: null,
  } as unknown as ProfileVersionRow;
  const organization = {
    name: 'A group',
    collaborationLink: 'https://group.example',
  } as unknown as OrganizationRow;
  return {
    profile,
    version,
    organization,
    history: [],
    components: parts.components,
    generatedAt: '2026-01-01T00:00:00Z',
  };
}

const corpusRoot = authoredDir;
function corpusFiles(dir: string): string[] {
  let found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found = found.concat(corpusFiles(path));
    else if (/\.json(ld)?$/.test(name)) found.push(path);
  }
  return found;
}

describe('assembleDocument', () => {
  const documents: Array<[string, unknown]> = [
    ['the rule tests’ profile', validProfile()],
    ['a generated profile of 50 templates', JSON.parse(generateProfile(10))],
    ...(existsSync(corpusRoot) ? corpusFiles(corpusRoot) : []).map((path): [string, unknown] => [
      path.slice(corpusRoot.length + 1),
      JSON.parse(readFileSync(path, 'utf8')),
    ]),
  ];

  it.each(documents)(
    'writes components already in normal form as a full normalization would: %s',
    (_, raw) => {
      const parts = storedParts(normalForm(raw));
      const quick = assembleDocument({ ...parts, componentsNormal: true });
      const full = assembleDocument({ ...parts, componentsNormal: false });
      expect(JSON.stringify(quick)).toBe(JSON.stringify(full));
    },
  );
});
