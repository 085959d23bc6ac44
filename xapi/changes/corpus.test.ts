import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareVersions } from './compare.js';
import { renderChangelog } from './markdown.js';
import type { ChangeCounts } from './types.js';
import { authoredDir, authoredPresent } from '../fixtures/corpus.js';

const authored = authoredDir;
const present = authoredPresent;
const read = (file: string) => readFileSync(join(authored, file), 'utf8');

const none: ChangeCounts = {
  added: 0,
  removed: 0,
  renamed: 0,
  deprecated: 0,
  undeprecated: 0,
  changed: 0,
};

/** Consecutive published versions of corpus profiles and what changed between them. */
const pairs: {
  older: string;
  newer: string;
  impact: string;
  next: string;
  concept: Partial<ChangeCounts>;
  template: Partial<ChangeCounts>;
  pattern: Partial<ChangeCounts>;
  warnings: number;
}[] = [
  {
    older: 'video/v1.0/video.jsonld',
    newer: 'video/v1.0.1/video.jsonld',
    impact: 'breaking',
    next: '2.0.0',
    concept: { changed: 2 },
    template: { added: 2, removed: 1, changed: 7 },
    pattern: { changed: 2 },
    warnings: 1,
  },
  {
    older: 'video/v1.0.1/video.jsonld',
    newer: 'video/v1.0.2/video.jsonld',
    impact: 'breaking',
    next: '2.0.0',
    concept: { added: 2, changed: 3 },
    template: { added: 2, removed: 2, changed: 4 },
    pattern: { changed: 3 },
    warnings: 2,
  },
  {
    older: 'video/v1.0.2/video.jsonld',
    newer: 'video/v1.0.3/video.jsonld',
    impact: 'breaking',
    next: '2.0.0',
    concept: {},
    template: { changed: 9 },
    pattern: {},
    warnings: 0,
  },
  {
    older: 'acrossx/v1.0/acrossx.jsonld',
    newer: 'acrossx/v1.0.1/acrossx.jsonld',
    impact: 'additive',
    next: '1.0.1',
    concept: { added: 23 },
    template: {},
    pattern: {},
    warnings: 0,
  },
  {
    older: 'cmi5/v1.0/cmi5.jsonld',
    newer: 'cmi5/cmi5.jsonld',
    impact: 'breaking',
    next: '2.0.0',
    concept: { added: 3, removed: 2, changed: 11 },
    template: { removed: 10 },
    pattern: { removed: 19 },
    warnings: 32,
  },
];

describe.skipIf(!present)('changelogs of consecutive corpus versions', () => {
  it.each(pairs)('$older → $newer', (pair) => {
    const set = compareVersions(read(pair.older), read(pair.newer));
    expect(set.impact).toBe(pair.impact);
    expect(set.suggestedVersion.next).toBe(pair.next);
    expect(set.counts.concept).toEqual({ ...none, ...pair.concept });
    expect(set.counts.template).toEqual({ ...none, ...pair.template });
    expect(set.counts.pattern).toEqual({ ...none, ...pair.pattern });
    expect(set.warnings).toHaveLength(pair.warnings);
    const markdown = renderChangelog(set);
    for (const item of set.items) expect(markdown).toContain(item.id);
  });

  it('finds no change between a version and itself', () => {
    const set = compareVersions(
      read('video/v1.0.3/video.jsonld'),
      read('video/v1.0.3/video.jsonld'),
    );
    expect(set.impact).toBe('none');
    expect(set.items).toHaveLength(0);
  });
});
