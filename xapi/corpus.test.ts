import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import jsonld from 'jsonld';
import { describe, expect, it } from 'vitest';
import { createDocumentLoader } from './contexts/loader.js';
import { parse } from './model/parse.js';
import { serialize } from './model/serialize.js';
import { validate } from './validate/index.js';
import { authoredDir, authoredPresent, profileFiles } from './fixtures/corpus.js';

const authored = authoredDir;
const present = authoredPresent;

const files = present
  ? profileFiles(authored)
      .map((f) => relative(authored, f))
      .sort()
  : [];
const read = (file: string) => readFileSync(join(authored, file), 'utf8');

/**
 * The problems the reference baseline lists per file. `R*n` means rule R at least n times; a
 * trailing `w` means the finding is a warning (the baseline's V4 = C6, P4w = B4, I2p = K3).
 */
const baseline: Record<string, string[]> = {
  'acrossx/v1.0.1/acrossx.jsonld': ['E5', 'E2'],
  'acrossx/v1.0/acrossx.jsonld': ['E5', 'E2', 'C6w'],
  'activity-streams/activity-streams.jsonld': ['C5', 'L1', 'L2*118', 'E4*3'],
  'adb/adb.jsonld': ['E4*2', 'B4w', 'C6w'],
  'adb/v1.0/adb.jsonld': ['C2', 'E5*2', 'B4w', 'C6w'],
  'adl/adl.jsonld': ['E4', 'B4w', 'C6w'],
  'adl/v1.0/adl.jsonld': ['E4', 'B4w', 'C6w'],
  'cmi5/cmi5.jsonld': ['A4', 'C2', 'I1', 'K1', 'K5', 'L2'],
  'cmi5/v1.0/cmi5.jsonld': ['I1*10'],
  'competency_assertion/Readme.json': ['A1'],
  'dod-isd/dod-isd.jsonld': ['C2', 'C6w'],
  'dod-isd/v1.0/dod-isd.jsonld': ['C2', 'B7', 'C6w'],
  'flashcards/v0.1/flashcards.jsonld': ['C6w'],
  'gblxapi/gblxapi.jsonld': ['C6w'],
  'gblxapi/v1.0/gblxapi.jsonld': ['C6w'],
  'open-badges/open-badges.jsonld': ['C5', 'L1'],
  'pdf-annotator/pdf-annotator.jsonld': ['L2*10', 'C6w'],
  'pdf-annotator/v1.0/pdf-annotator.jsonld': ['L2*10', 'C6w'],
  'scorm/scorm.jsonld': ['A5*8', 'J7*4', 'K3w*5', 'C6w'],
  'scorm/v1.0/scorm.jsonld': ['A5*8', 'J7*4', 'K3w*5', 'C6w'],
  'seriousgames/seriousgames.jsonld': ['C6w'],
  'seriousgames/v1.0/seriousgames.jsonld': ['C6w'],
  'starter-template.jsonld': ['A5*9', 'B7', 'B9', 'C1', 'C2', 'I2', 'K6', 'K11', 'L2', 'L1'],
  'tincan/tincan.jsonld': ['C5', 'L1', 'L2*164', 'E4'],
  'video/v1.0.1/video.jsonld': ['C6w'],
  'video/v1.0/video.jsonld': ['K3w*3', 'C6w'],
};

const clean = [
  'acrossx/acrossx.jsonld',
  'audio/audio.jsonld',
  'audio/v1.0/audio.jsonld',
  'competency_assertion/learnercompetencyassertion.json',
  'video/v1.0.2/video.jsonld',
  'video/v1.0.3/video.jsonld',
  'video/video.jsonld',
  'virtual-patient/v1.0/virtual-patient.jsonld',
  'virtual-patient/virtual-patient.jsonld',
];
const warningsOnly = [
  'flashcards/v0.1/flashcards.jsonld',
  'gblxapi/gblxapi.jsonld',
  'gblxapi/v1.0/gblxapi.jsonld',
  'seriousgames/seriousgames.jsonld',
  'seriousgames/v1.0/seriousgames.jsonld',
  'video/v1.0.1/video.jsonld',
  'video/v1.0/video.jsonld',
];

describe.skipIf(!present)('authored corpus: the §5.1 baseline', () => {
  const listed = Object.entries(baseline).filter(([file]) => existsSync(join(authored, file)));

  it.each(listed)('%s', (file, expected) => {
    const findings = validate(read(file));
    for (const item of expected) {
      const m = /^([A-L]\d+)(w?)(?:\*(\d+))?$/.exec(item)!;
      const [, rule, warn, count] = m;
      const hits = findings.filter(
        (f) => f.ruleId === rule && (warn ? f.severity === 'warning' : true),
      );
      expect(hits.length, `${item} in ${file}`).toBeGreaterThanOrEqual(Number(count ?? 1));
    }
  });

  it.each(clean.filter((f) => files.includes(f)))('%s has no errors', (file) => {
    expect(validate(read(file)).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it.each(warningsOnly.filter((f) => files.includes(f)))('%s has warnings only', (file) => {
    const findings = validate(read(file));
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(findings.length).toBeGreaterThan(0);
  });

  it('finds an error in every file the baseline reports a MUST-level problem for', () => {
    const mustLevel = listed
      .filter(([, items]) => items.some((i) => !/w/.test(i)))
      .map(([file]) => file);
    const withoutErrors = mustLevel.filter(
      (file) => !validate(read(file)).some((f) => f.severity === 'error'),
    );
    expect(withoutErrors).toEqual([]);
  });

  it('finds concepts defined by two profiles once both are known (D2)', () => {
    const tincan = JSON.parse(read('tincan/tincan.jsonld')) as unknown;
    const findings = validate(read('pdf-annotator/pdf-annotator.jsonld'), {
      knownProfiles: [tincan],
    });
    expect(findings.filter((f) => f.ruleId === 'D2').length).toBeGreaterThanOrEqual(4);
    expect(
      validate(read('pdf-annotator/pdf-annotator.jsonld')).some((f) => f.ruleId === 'D2'),
    ).toBe(false);
  });

  it('resolves verbs through known profiles (I5)', () => {
    const alone = validate(read('audio/audio.jsonld')).filter((f) => f.ruleId === 'I5');
    const knownProfiles = ['adl/adl.jsonld', 'video/video.jsonld'].map(
      (f) => JSON.parse(read(f)) as unknown,
    );
    const withKnown = validate(read('audio/audio.jsonld'), { knownProfiles }).filter(
      (f) => f.ruleId === 'I5',
    );
    expect(withKnown.length).toBeLessThan(alone.length);
    expect(withKnown.every((f) => f.severity === 'warning')).toBe(true);
  });

  it('validates the whole corpus quickly', () => {
    const start = performance.now();
    for (const file of files) validate(read(file));
    expect(performance.now() - start).toBeLessThan(5000);
  });
});

const loader = createDocumentLoader();
async function canonical(doc: unknown): Promise<string> {
  return jsonld.canonize(
    doc as jsonld.JsonLdDocument,
    {
      format: 'application/n-quads',
      documentLoader: loader as never,
      safe: false,
    } as jsonld.Options.Normalize,
  );
}

describe.skipIf(!present)('authored corpus: parse → serialize keeps the RDF', () => {
  it.each(files)('%s', async (file) => {
    const text = read(file);
    const { model } = parse(text);
    if (model === undefined) {
      expect(() => JSON.parse(text) as unknown).toThrow();
      return;
    }
    const original: unknown = JSON.parse(text);
    const written = serialize(model);
    const before = await canonical(original).catch((e: unknown) => e);
    const after = await canonical(written).catch((e: unknown) => e);
    if (before instanceof Error) {
      // jsonld.js cannot turn some broken documents into RDF at all; the copy must fail alike.
      expect(after).toBeInstanceOf(Error);
      return;
    }
    expect(after).toBe(before);
    expect(typeof before === 'string' && before.length).toBeGreaterThan(0);
  });
});
