/**
 * The layout of a pattern diagram as data: railroad style, statements flowing left to right on a
 * main line. A sequence is its members in a row, alternates are branches stacked below the main
 * line, optional has a bypass above, oneOrMore a loop below, zeroOrMore both. Every pattern is a
 * framed group titled with its name and kind; templates are boxes. The SVG string (docs pages)
 * and the React drawing (the web app) both draw these shapes, so they cannot drift apart.
 */
import type { DiagramNode, PatternKind, PatternTreeNode, StopNode } from './pattern-tree.js';
import { KIND_WORDS } from './pattern-tree.js';

/**
 * Which visit makes a line part of a registration's path: a node's key (its way in and out, or
 * an alternates branch: the member's key), `key:skip` for a bypass taken, `key:loop` for a repeat.
 */
export type LineRole = 'through' | 'branch' | 'skip' | 'loop';

export type DiagramShape =
  | { shape: 'line'; d: string; role: LineRole; via: string }
  | { shape: 'arrow'; d: string; role: LineRole; via: string }
  | {
      shape: 'box';
      key: string;
      id: string;
      node: 'template' | StopNode['node'];
      x: number;
      y: number;
      w: number;
      h: number;
      lines: string[];
      caption?: string;
      lang?: string;
    }
  | {
      shape: 'frame';
      key: string;
      id: string;
      kind: PatternKind;
      primary: boolean;
      root: boolean;
      x: number;
      y: number;
      w: number;
      h: number;
      lines: string[];
      caption: string;
      lang?: string;
    }
  | { shape: 'terminal'; x: number; y: number; end: 'start' | 'end' };

export interface DiagramLayout {
  width: number;
  height: number;
  shapes: DiagramShape[];
}

/** Sizes in CSS pixels at a 13 px font. */
export const DIAGRAM_METRICS = {
  fontSize: 13,
  captionSize: 11,
  lineHeight: 16,
  /** Most characters on a line of a box before it wraps. */
  wrapAt: 24,
};

const R = 8; // radius of every bend
const GAP = 14; // line between two members of a sequence
const VGAP = 10; // between stacked branches, and around loops and bypasses
const PAD_X = 10; // inside a box
const PAD_Y = 7;
const FRAME_PAD = 8;
const TERMINAL = 18; // the line from the start and to the end marks
const MARGIN = 6;

/** A rough width of text in a sans-serif face at the diagram's size: wide enough not to overflow. */
export function textWidth(text: string, size = DIAGRAM_METRICS.fontSize): number {
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code > 0x2e80) units += 1.0;
    else if (/[A-Z@MWmw%]/.test(ch)) units += 0.72;
    else if (/[ilIjtf.,:;'|!()[\] ]/.test(ch)) units += 0.34;
    else units += 0.56;
  }
  return Math.ceil(units * size);
}

/** Words folded into lines of at most `width` characters; longer words are cut. */
export function wrapText(text: string, width = DIAGRAM_METRICS.wrapAt, most = 3): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let word of words) {
    while (word.length > width) {
      if (line) lines.push(line);
      lines.push(word.slice(0, width));
      word = word.slice(width);
      line = '';
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length === 0) return [''];
  if (lines.length <= most) return lines;
  const kept = lines.slice(0, most);
  kept[most - 1] = `${kept[most - 1]!.slice(0, width - 1)}…`;
  return kept;
}

interface Laid {
  w: number;
  /** Height above the main line. */
  up: number;
  /** Height below the main line. */
  down: number;
  /** Emits the shapes with the way in at (x, y). */
  draw(x: number, y: number, out: DiagramShape[]): void;
}

const STOP_CAPTIONS: Record<StopNode['node'], string> = {
  elsewhere: 'not in this profile',
  cycle: 'contains itself',
  invalid: 'no operator',
  folded: 'see its own diagram',
};

const line = (d: string, role: LineRole, via: string): DiagramShape => ({
  shape: 'line',
  d,
  role,
  via,
});
const n = (value: number) => Math.round(value * 10) / 10;
const h = (x1: number, x2: number, y: number, via: string): DiagramShape =>
  line(`M${n(x1)} ${n(y)}H${n(x2)}`, 'through', via);

/** A small arrowhead at (x, y) pointing right (1) or left (-1). */
const arrow = (x: number, y: number, dir: 1 | -1, role: LineRole, via: string): DiagramShape => ({
  shape: 'arrow',
  d: `M${n(x - 4 * dir)} ${n(y - 4)}L${n(x + 2 * dir)} ${n(y)}L${n(x - 4 * dir)} ${n(y + 4)}Z`,
  role,
  via,
});

function box(node: DiagramNode): Laid {
  const lines = wrapText(node.label);
  const caption =
    node.node === 'template' || node.node === 'pattern' ? undefined : STOP_CAPTIONS[node.node];
  const width = Math.max(
    56,
    ...lines.map((l) => textWidth(l) + 2 * PAD_X),
    caption ? textWidth(caption, DIAGRAM_METRICS.captionSize) + 2 * PAD_X : 0,
  );
  const height = lines.length * DIAGRAM_METRICS.lineHeight + 2 * PAD_Y + (caption ? 14 : 0);
  return {
    w: width,
    up: height / 2,
    down: height / 2,
    draw(x, y, out) {
      out.push({
        shape: 'box',
        key: node.key,
        id: node.id,
        node: node.node === 'pattern' ? 'folded' : node.node,
        x: n(x),
        y: n(y - height / 2),
        w: width,
        h: height,
        lines,
        ...(caption ? { caption } : {}),
        ...(node.lang ? { lang: node.lang } : {}),
      });
    },
  };
}

function sequence(key: string, members: Laid[]): Laid {
  if (members.length === 0)
    return { w: GAP, up: 0, down: 0, draw: (x, y, out) => out.push(h(x, x + GAP, y, key)) };
  return {
    w: members.reduce((sum, m) => sum + m.w, 0) + GAP * (members.length - 1),
    up: Math.max(...members.map((m) => m.up)),
    down: Math.max(...members.map((m) => m.down)),
    draw(x, y, out) {
      let at = x;
      members.forEach((m, i) => {
        m.draw(at, y, out);
        at += m.w;
        if (i < members.length - 1) {
          out.push(h(at, at + GAP, y, key));
          at += GAP;
        }
      });
    },
  };
}

function alternates(memberKeys: string[], members: Laid[]): Laid {
  const inner = Math.max(...members.map((m) => m.w));
  const offsets: number[] = [0];
  for (let i = 1; i < members.length; i++)
    offsets.push(offsets[i - 1]! + members[i - 1]!.down + VGAP + members[i]!.up);
  const last = members.length - 1;
  return {
    w: inner + 4 * R,
    up: members[0]!.up,
    down: offsets[last]! + members[last]!.down,
    draw(x, y, out) {
      const right = x + inner + 4 * R;
      members.forEach((m, i) => {
        const via = memberKeys[i]!;
        const top = y + offsets[i]!;
        m.draw(x + 2 * R, top, out);
        const end = x + 2 * R + m.w;
        if (i === 0) {
          out.push(line(`M${n(x)} ${n(y)}H${n(x + 2 * R)}`, 'branch', via));
          out.push(line(`M${n(end)} ${n(y)}H${n(right)}`, 'branch', via));
          return;
        }
        const drop = offsets[i]! - 2 * R;
        out.push(
          line(
            `M${n(x)} ${n(y)}a${R} ${R} 0 0 1 ${R} ${R}v${n(drop)}a${R} ${R} 0 0 0 ${R} ${R}`,
            'branch',
            via,
          ),
        );
        out.push(
          line(
            `M${n(end)} ${n(top)}H${n(right - 2 * R)}a${R} ${R} 0 0 0 ${R} ${-R}v${n(-drop)}a${R} ${R} 0 0 1 ${R} ${-R}`,
            'branch',
            via,
          ),
        );
      });
    },
  };
}

/** optional: a bypass above; oneOrMore: a loop below; zeroOrMore: both. */
function repeat(key: string, kind: PatternKind, member: Laid): Laid {
  const bypass = kind === 'optional' || kind === 'zeroOrMore';
  const loop = kind === 'oneOrMore' || kind === 'zeroOrMore';
  const above = member.up + VGAP;
  const below = member.down + VGAP;
  return {
    w: member.w + 4 * R,
    up: bypass ? above + 2 : member.up,
    down: loop ? below + 2 : member.down,
    draw(x, y, out) {
      const right = x + member.w + 4 * R;
      out.push(h(x, x + 2 * R, y, key));
      member.draw(x + 2 * R, y, out);
      out.push(h(x + 2 * R + member.w, right, y, key));
      if (bypass) {
        const via = `${key}:skip`;
        const rise = above - 2 * R;
        out.push(
          line(
            `M${n(x)} ${n(y)}a${R} ${R} 0 0 0 ${R} ${-R}v${n(-rise)}a${R} ${R} 0 0 1 ${R} ${-R}` +
              `H${n(right - 2 * R)}a${R} ${R} 0 0 1 ${R} ${R}v${n(rise)}a${R} ${R} 0 0 0 ${R} ${R}`,
            'skip',
            via,
          ),
        );
        out.push(arrow(x + 2 * R + member.w / 2, y - above, 1, 'skip', via));
      }
      if (loop) {
        const via = `${key}:loop`;
        const fall = below - 2 * R;
        out.push(
          line(
            `M${n(right - 2 * R)} ${n(y)}a${R} ${R} 0 0 1 ${R} ${R}v${n(fall)}a${R} ${R} 0 0 1 ${-R} ${R}` +
              `H${n(x + 2 * R)}a${R} ${R} 0 0 1 ${-R} ${-R}v${n(-fall)}a${R} ${R} 0 0 1 ${R} ${-R}`,
            'loop',
            via,
          ),
        );
        out.push(arrow(x + 2 * R + member.w / 2, y + below, -1, 'loop', via));
      }
    },
  };
}

/** The caption under a pattern's name: its kind in words, and whether it is primary. */
export function frameCaption(node: Pick<PatternTreeNode, 'kind' | 'primary'>): string {
  return `${node.primary ? 'primary pattern, ' : ''}${KIND_WORDS[node.kind]}`;
}

function frame(node: PatternTreeNode, inner: Laid, root: boolean): Laid {
  const lines = wrapText(node.label, 36, 2);
  const caption = frameCaption(node);
  const titleWidth = Math.max(
    ...lines.map((l) => textWidth(l, DIAGRAM_METRICS.fontSize) + 8),
    textWidth(caption, DIAGRAM_METRICS.captionSize),
  );
  const title = lines.length * DIAGRAM_METRICS.lineHeight + 14;
  const width = Math.max(inner.w, titleWidth) + 2 * FRAME_PAD;
  const offset = (width - inner.w) / 2;
  return {
    w: width,
    up: inner.up + FRAME_PAD + title,
    down: inner.down + FRAME_PAD,
    draw(x, y, out) {
      out.push({
        shape: 'frame',
        key: node.key,
        id: node.id,
        kind: node.kind,
        primary: node.primary,
        root,
        x: n(x),
        y: n(y - inner.up - FRAME_PAD - title),
        w: n(width),
        h: n(inner.up + inner.down + 2 * FRAME_PAD + title),
        lines,
        caption,
        ...(node.lang ? { lang: node.lang } : {}),
      });
      out.push(h(x, x + offset, y, node.key));
      inner.draw(x + offset, y, out);
      out.push(h(x + offset + inner.w, x + width, y, node.key));
    },
  };
}

function lay(node: DiagramNode, root = false): Laid {
  if (node.node !== 'pattern') return box(node);
  const members = node.members.map((m) => lay(m));
  let inner: Laid;
  if (node.kind === 'sequence') inner = sequence(node.key, members);
  else if (node.kind === 'alternates')
    inner =
      members.length === 0
        ? sequence(node.key, [])
        : alternates(
            node.members.map((m) => m.key),
            members,
          );
  else inner = repeat(node.key, node.kind, members[0] ?? sequence(node.key, []));
  return frame(node, inner, root);
}

/** The shapes of a pattern's diagram, from its start mark to its end mark. */
export function layoutDiagram(tree: PatternTreeNode): DiagramLayout {
  const laid = lay(tree, true);
  const width = laid.w + 2 * TERMINAL + 2 * MARGIN;
  const height = laid.up + laid.down + 2 * MARGIN;
  const y = MARGIN + laid.up;
  const shapes: DiagramShape[] = [];
  const x = MARGIN;
  shapes.push({ shape: 'terminal', x, y, end: 'start' });
  shapes.push(h(x, x + TERMINAL, y, tree.key));
  laid.draw(x + TERMINAL, y, shapes);
  shapes.push(h(x + TERMINAL + laid.w, x + 2 * TERMINAL + laid.w, y, tree.key));
  shapes.push({ shape: 'terminal', x: x + 2 * TERMINAL + laid.w, y, end: 'end' });
  // Frames first, so the lines and boxes inside them are drawn over their backgrounds.
  const order = (s: DiagramShape) => (s.shape === 'frame' ? 0 : s.shape === 'box' ? 2 : 1);
  shapes.sort((a, b) => order(a) - order(b));
  return { width: Math.ceil(width), height: Math.ceil(height), shapes };
}
