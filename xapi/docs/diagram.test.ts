import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import { parse } from '../model/parse.js';
import type { Profile } from '../model/types.js';
import { compileProfile } from '../statement/compile.js';
import { matchPattern } from '../statement/matches.js';
import type { DiagramLayout, DiagramShape } from './diagram-layout.js';
import { layoutDiagram } from './diagram-layout.js';
import { diagramSvg } from './diagram-svg.js';
import { registrationPath } from './pattern-path.js';
import type { DiagramNode, PatternKind, PatternTreeNode } from './pattern-tree.js';
import { indexProfile, outline, outlineText, patternTree } from './pattern-tree.js';

const B = 'https://example.org/p';
const T = (name: string) => `${B}/templates/${name}`;
const P = (name: string) => `${B}/patterns/${name}`;

function profileWith(patterns: JsonObject[], templates = ['a', 'b', 'c']): Profile {
  const { model } = parse({
    id: B,
    type: 'Profile',
    prefLabel: { en: 'P' },
    templates: templates.map((t) => ({
      id: T(t),
      type: 'StatementTemplate',
      prefLabel: { en: `Template ${t.toUpperCase()}` },
    })),
    patterns,
  });
  return model!;
}

const pattern = (name: string, kind: PatternKind, members: string | string[], primary = false) => ({
  id: P(name),
  type: 'Pattern',
  ...(primary ? { primary: true } : {}),
  prefLabel: { en: `Pattern ${name}` },
  [kind]: members,
});

function treeOf(profile: Profile, name: string): PatternTreeNode {
  const tree = patternTree(indexProfile(profile), P(name));
  expect(tree).toBeDefined();
  return tree!;
}

const of = (layout: DiagramLayout, shape: DiagramShape['shape']) =>
  layout.shapes.filter((s) => s.shape === shape);
type Stroke = Extract<DiagramShape, { shape: 'line' | 'arrow' }>;
const lines = (layout: DiagramLayout, role: string) =>
  layout.shapes.filter(
    (s): s is Stroke => (s.shape === 'line' || s.shape === 'arrow') && s.role === role,
  );

/** Every point a path passes through, to check nothing is drawn outside the picture. */
function pathPoints(d: string): [number, number][] {
  const points: [number, number][] = [];
  let x = 0;
  let y = 0;
  for (const [, op, args] of d.matchAll(/([MLHVaZvh])([^MLHVaZvh]*)/g)) {
    const v = args!.trim().split(/[ ,]+/).filter(Boolean).map(Number);
    if (op === 'M' || op === 'L') [x, y] = [v[0]!, v[1]!];
    else if (op === 'H') x = v[0]!;
    else if (op === 'V') y = v[0]!;
    else if (op === 'h') x += v[0]!;
    else if (op === 'v') y += v[0]!;
    else if (op === 'a') [x, y] = [x + v[5]!, y + v[6]!];
    points.push([x, y]);
  }
  return points;
}

function expectInside(layout: DiagramLayout) {
  for (const s of layout.shapes) {
    const points: [number, number][] =
      s.shape === 'box' || s.shape === 'frame'
        ? [
            [s.x, s.y],
            [s.x + s.w, s.y + s.h],
          ]
        : s.shape === 'terminal'
          ? [
              [s.x - 5, s.y - 5],
              [s.x + 5, s.y + 5],
            ]
          : pathPoints(s.d);
    for (const [x, y] of points) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(layout.width);
      expect(y).toBeLessThanOrEqual(layout.height);
    }
  }
}

describe('a diagram per kind of pattern: the nested list it draws is the pattern', () => {
  it('sequence: its members in order, left to right on one line', () => {
    const profile = profileWith([pattern('s', 'sequence', [T('a'), T('b'), T('c')], true)]);
    const tree = treeOf(profile, 's');
    expect(outlineText(outline(tree))).toEqual([
      '- Pattern s (primary pattern, in this order)',
      '  - Template A (template)',
      '  - Template B (template)',
      '  - Template C (template)',
    ]);
    const layout = layoutDiagram(tree);
    const boxes = of(layout, 'box') as Extract<DiagramShape, { shape: 'box' }>[];
    expect(boxes.map((b) => b.id)).toEqual([T('a'), T('b'), T('c')]);
    // One row: the same middle, each box right of the one before.
    expect(new Set(boxes.map((b) => b.y + b.h / 2)).size).toBe(1);
    expect(boxes[0]!.x + boxes[0]!.w).toBeLessThan(boxes[1]!.x);
    expect(boxes[1]!.x + boxes[1]!.w).toBeLessThan(boxes[2]!.x);
    expect(lines(layout, 'skip')).toEqual([]);
    expect(lines(layout, 'loop')).toEqual([]);
    expect(of(layout, 'frame')).toMatchObject([{ id: P('s'), primary: true, root: true }]);
    expectInside(layout);
  });

  it('alternates: one branch per member, stacked below one another', () => {
    const profile = profileWith([pattern('alt', 'alternates', [T('a'), T('b'), T('c')])]);
    const tree = treeOf(profile, 'alt');
    expect(outlineText(outline(tree))).toEqual([
      '- Pattern alt (pattern, one of)',
      '  - Template A (template)',
      '  - Template B (template)',
      '  - Template C (template)',
    ]);
    const layout = layoutDiagram(tree);
    const boxes = of(layout, 'box') as Extract<DiagramShape, { shape: 'box' }>[];
    expect(new Set(boxes.map((b) => b.x)).size).toBe(1);
    expect(boxes[0]!.y + boxes[0]!.h).toBeLessThan(boxes[1]!.y);
    expect(boxes[1]!.y + boxes[1]!.h).toBeLessThan(boxes[2]!.y);
    // Each member has its way in and out, named by the member it leads to.
    const branches = lines(layout, 'branch');
    expect(branches).toHaveLength(6);
    expect(new Set(branches.map((b) => b.via))).toEqual(new Set(['r.0', 'r.1', 'r.2']));
    expectInside(layout);
  });

  it('optional: its member on the line and a bypass above it', () => {
    const profile = profileWith([pattern('o', 'optional', T('a'))]);
    const tree = treeOf(profile, 'o');
    expect(outlineText(outline(tree))).toEqual([
      '- Pattern o (pattern, optionally)',
      '  - Template A (template)',
    ]);
    const layout = layoutDiagram(tree);
    const [box] = of(layout, 'box') as Extract<DiagramShape, { shape: 'box' }>[];
    const skip = lines(layout, 'skip');
    expect(skip.map((s) => s.via)).toEqual(['r:skip', 'r:skip']);
    const top = Math.min(...pathPoints(skip[0]!.d).map(([, y]) => y));
    expect(top).toBeLessThan(box!.y);
    expect(lines(layout, 'loop')).toEqual([]);
    expectInside(layout);
  });

  it('oneOrMore: its member on the line and a loop back below it', () => {
    const profile = profileWith([pattern('m', 'oneOrMore', T('b'))]);
    const tree = treeOf(profile, 'm');
    expect(outlineText(outline(tree))).toEqual([
      '- Pattern m (pattern, one or more times)',
      '  - Template B (template)',
    ]);
    const layout = layoutDiagram(tree);
    const [box] = of(layout, 'box') as Extract<DiagramShape, { shape: 'box' }>[];
    const loop = lines(layout, 'loop');
    expect(loop.map((s) => s.via)).toEqual(['r:loop', 'r:loop']);
    const bottom = Math.max(...pathPoints(loop[0]!.d).map(([, y]) => y));
    expect(bottom).toBeGreaterThan(box!.y + box!.h);
    expect(lines(layout, 'skip')).toEqual([]);
    expectInside(layout);
  });

  it('zeroOrMore: both a bypass above and a loop below', () => {
    const profile = profileWith([pattern('z', 'zeroOrMore', T('c'))]);
    const tree = treeOf(profile, 'z');
    expect(outlineText(outline(tree))).toEqual([
      '- Pattern z (pattern, zero or more times)',
      '  - Template C (template)',
    ]);
    const layout = layoutDiagram(tree);
    expect(lines(layout, 'skip').length).toBeGreaterThan(0);
    expect(lines(layout, 'loop').length).toBeGreaterThan(0);
    expectInside(layout);
  });

  it('nests patterns in frames, and stops at what it cannot expand', () => {
    const profile = profileWith([
      pattern(
        'top',
        'sequence',
        [T('a'), P('middle'), P('loop'), 'https://other.example/t/x'],
        true,
      ),
      pattern('middle', 'zeroOrMore', P('choice')),
      pattern('choice', 'alternates', [T('b'), P('maybe')]),
      pattern('maybe', 'optional', T('c')),
      pattern('loop', 'oneOrMore', P('top')),
      { id: P('broken'), type: 'Pattern', prefLabel: { en: 'Broken' } },
    ]);
    const tree = treeOf(profile, 'top');
    expect(outlineText(outline(tree))).toEqual([
      '- Pattern top (primary pattern, in this order)',
      '  - Template A (template)',
      '  - Pattern middle (pattern, zero or more times)',
      '    - Pattern choice (pattern, one of)',
      '      - Template B (template)',
      '      - Pattern maybe (pattern, optionally)',
      '        - Template C (template)',
      '  - Pattern loop (pattern, one or more times)',
      '    - Pattern top (contains itself: not expanded again)',
      '  - x (not in this profile)',
    ]);
    const layout = layoutDiagram(tree);
    const frames = of(layout, 'frame') as Extract<DiagramShape, { shape: 'frame' }>[];
    expect(frames.map((f) => f.id)).toEqual([
      P('top'),
      P('middle'),
      P('choice'),
      P('maybe'),
      P('loop'),
    ]);
    // Every frame holds its members: the frame of `choice` inside that of `middle`.
    const [, middle, choice] = frames;
    expect(choice!.x).toBeGreaterThan(middle!.x);
    expect(choice!.x + choice!.w).toBeLessThan(middle!.x + middle!.w);
    const stops = (of(layout, 'box') as Extract<DiagramShape, { shape: 'box' }>[]).filter(
      (b) => b.node !== 'template',
    );
    expect(stops.map((s) => [s.node, s.caption])).toEqual([
      ['cycle', 'contains itself'],
      ['elsewhere', 'not in this profile'],
    ]);
    expectInside(layout);
    expect(patternTree(indexProfile(profile), P('broken'))).toBeUndefined();
  });

  it('folds nested patterns past the most nodes it draws', () => {
    const profile = profileWith([
      pattern('top', 'sequence', [P('one'), P('two')], true),
      pattern('one', 'sequence', [T('a'), T('b')]),
      pattern('two', 'sequence', [T('b'), T('c')]),
    ]);
    const folded = patternTree(indexProfile(profile), P('top'), { maxNodes: 5 })!;
    expect(outlineText(outline(folded))).toEqual([
      '- Pattern top (primary pattern, in this order)',
      '  - Pattern one (pattern, in this order)',
      '    - Template A (template)',
      '    - Template B (template)',
      '  - Pattern two (not expanded here: see its own diagram)',
    ]);
  });

  it('reads labels in the language asked for, falling back per label', () => {
    const { model } = parse({
      id: B,
      type: 'Profile',
      templates: [
        { id: T('a'), type: 'StatementTemplate', prefLabel: { en: 'started', fr: 'commencé' } },
        { id: T('b'), type: 'StatementTemplate', prefLabel: { en: 'ended' } },
      ],
      patterns: [
        {
          id: P('s'),
          type: 'Pattern',
          prefLabel: { en: 'Session', 'fr-CA': 'Séance' },
          sequence: [T('a'), T('b')],
        },
      ],
    });
    const tree = patternTree(indexProfile(model!), P('s'), { languages: ['fr'] })!;
    expect([tree.label, tree.lang]).toEqual(['Séance', 'fr-CA']);
    expect(tree.members.map((m) => [m.label, m.lang])).toEqual([
      ['commencé', 'fr'],
      ['ended', 'en'],
    ]);
  });

  it('draws an SVG whose boxes link to their items and whose name says what it shows', () => {
    const profile = profileWith([
      pattern('s', 'sequence', [T('a'), P('o')], true),
      pattern('o', 'optional', T('b')),
    ]);
    const layout = layoutDiagram(treeOf(profile, 's'));
    const svg = diagramSvg(layout, {
      title: 'Diagram of S',
      href: (id) => `#${encodeURIComponent(id)}`,
    });
    expect(svg).toContain('aria-label="Diagram of S"');
    const links = [...svg.matchAll(/<a href="([^"]+)"/g)].map((m) =>
      decodeURIComponent(m[1]!.slice(1)),
    );
    // Both templates and the nested pattern's title; the whole pattern is the page it is on.
    expect(links).toEqual([P('o'), T('a'), T('b')]);
    expect(svg).toContain(`width="${layout.width}"`);
  });
});

describe('the path a registration took', () => {
  const profile = profileWith([
    pattern('top', 'sequence', [T('a'), P('middle'), T('c')], true),
    pattern('middle', 'zeroOrMore', P('choice')),
    pattern('choice', 'alternates', [T('b'), P('maybe')]),
    pattern('maybe', 'optional', T('a')),
  ]);
  const index = indexProfile(profile);
  const tree = treeOf(profile, 'top');

  it('counts each part it went through, and the loops and bypasses it took', () => {
    const path = registrationPath(index, tree, [[T('a')], [T('b')], [T('b')], [T('c')]]);
    expect(path.outcome).toBe('success');
    expect(path.remaining).toBe(0);
    expect(path.visits).toMatchObject({
      r: 1,
      'r.0': 1,
      'r.1': 1,
      'r.1.0': 2,
      'r.1.0.0': 2,
      'r.1:loop': 1,
      'r.2': 1,
    });
    expect(path.visits['r.1:skip']).toBeUndefined();
    expect(path.next).toEqual([]);
  });

  it('takes the bypass of a zeroOrMore that matched nothing', () => {
    const simple = profileWith([
      pattern('top', 'sequence', [T('a'), P('many'), T('c')], true),
      pattern('many', 'zeroOrMore', T('b')),
    ]);
    const path = registrationPath(indexProfile(simple), treeOf(simple, 'top'), [
      [T('a')],
      [T('c')],
    ]);
    expect(path.outcome).toBe('success');
    expect(path.visits['r.1:skip']).toBe(1);
    expect(path.visits['r.1.0']).toBeUndefined();
    expect(path.visits['r.1:loop']).toBeUndefined();
  });

  it('goes through a member that matched nothing as the matcher does: by its own bypass', () => {
    // zeroOrMore(alternates(b, optional(a))) matches nothing through the optional's bypass.
    const path = registrationPath(index, tree, [[T('a')], [T('c')]]);
    expect(path.outcome).toBe('success');
    expect(path.visits).toMatchObject({ 'r.1': 1, 'r.1.0': 1, 'r.1.0.1': 1, 'r.1.0.1:skip': 1 });
    expect(path.visits['r.1.0.0']).toBeUndefined();
  });

  it('says what it expected next where the statements ran out', () => {
    const path = registrationPath(index, tree, [[T('a')], [T('b')]]);
    expect(path.outcome).toBe('partial');
    // Another b, or c; an optional tries nothing once the statements have run out.
    expect(new Set(path.next)).toEqual(new Set(['r.1.0.0', 'r.2']));
  });

  it('stays small on a pattern whose paths double at every level, and still follows it', () => {
    // p0 = sequence(p1, p1), p1 = sequence(p2, p2), … p24 = sequence(a, a): 2^25 boxes if drawn whole.
    const deep = profileWith(
      Array.from({ length: 25 }, (_, i) =>
        pattern(
          `p${i}`,
          'sequence',
          i < 24 ? [P(`p${i + 1}`), P(`p${i + 1}`)] : [T('a'), T('a')],
          i === 0,
        ),
      ),
    );
    const tree = treeOf(deep, 'p0');
    const count = (node: DiagramNode): number =>
      1 + (node.node === 'pattern' ? node.members.reduce((n, m) => n + count(m), 0) : 0);
    expect(count(tree)).toBeLessThan(500);
    expect(layoutDiagram(tree).shapes.length).toBeLessThan(2000);
    const stream = [[T('a')], [T('a')], [T('a')]];
    const path = registrationPath(indexProfile(deep), tree, stream);
    const expected = matchPattern(stream, compileProfile(deep).primaryPatterns[0]!);
    expect([path.outcome, path.remaining]).toEqual([expected.outcome, expected.remaining]);
    expect(path.outcome).toBe('partial');
  });

  it('agrees with the matcher on outcome and left-over statements, for any pattern and stream', () => {
    const templates = ['a', 'b', 'c'].map(T);
    const kinds: PatternKind[] = ['sequence', 'alternates', 'optional', 'oneOrMore', 'zeroOrMore'];
    // Patterns p0..p5, each naming templates or later patterns only: no cycles.
    const patternArb = (i: number) =>
      fc.record({
        kind: fc.constantFrom(...kinds),
        members: fc.array(
          fc.oneof(
            fc.constantFrom(...templates),
            ...(i < 5 ? [fc.integer({ min: i + 1, max: 5 }).map((j) => P(`p${j}`))] : []),
          ),
          { minLength: 1, maxLength: 3 },
        ),
      });
    const profileArb = fc.tuple(...[0, 1, 2, 3, 4, 5].map(patternArb));
    const streamArb = fc.array(fc.subarray(templates, { minLength: 0, maxLength: 2 }), {
      maxLength: 7,
    });
    fc.assert(
      fc.property(profileArb, streamArb, (specs, stream) => {
        const p = profileWith(
          specs.map((s, i) =>
            pattern(
              `p${i}`,
              s.kind,
              s.kind === 'sequence' || s.kind === 'alternates' ? s.members : s.members[0]!,
              i === 0,
            ),
          ),
        );
        const compiled = compileProfile(p);
        const expected = matchPattern(stream, compiled.primaryPatterns[0]!);
        const path = registrationPath(indexProfile(p), treeOf(p, 'p0'), stream);
        expect([path.outcome, path.remaining]).toEqual([expected.outcome, expected.remaining]);
        // What it expected where it stopped is what the matcher's trace names.
        const expectedIds = new Set(expected.trace.expected);
        const ids = new Map<string, string>();
        const walk = (node: DiagramNode) => {
          ids.set(node.key, node.id);
          if (node.node === 'pattern') node.members.forEach(walk);
        };
        walk(patternTree(indexProfile(p), P('p0'), { maxNodes: Infinity })!);
        const nextIds = new Set(path.next.map((k) => ids.get(k)));
        if (!(expected.outcome === 'success' && expected.remaining === 0))
          expect(nextIds).toEqual(expectedIds);
      }),
      { numRuns: 300, seed: 51 },
    );
  });
});
