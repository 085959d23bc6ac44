/**
 * How a diagram's shapes look, shared by the SVG string written into documentation pages and the
 * React drawing of the web app: the same colours, the same text positions, the same highlight.
 */
import type { DiagramLayout, DiagramShape } from './diagram-layout.js';
import { DIAGRAM_METRICS } from './diagram-layout.js';

/**
 * Where a registration went through a diagram: how many times each node (by key) was matched,
 * with `key:skip` and `key:loop` for bypasses and repeats taken, and the boxes the pattern
 * expected next where it stopped.
 */
export interface PathHighlight {
  visits: Readonly<Record<string, number>>;
  next: readonly string[];
}

export const DIAGRAM_COLORS = {
  line: '#475569',
  text: '#0f172a',
  caption: '#475569',
  box: '#eef4ff',
  boxStroke: '#2f5fc4',
  stop: '#f8fafc',
  stopStroke: '#64748b',
  frame: '#f8fafc',
  frameStroke: '#b8c2d0',
  primaryStroke: '#6d28d9',
  taken: '#c2410c',
  takenBox: '#ffedd5',
  next: '#15803d',
};

/** Styles inside the SVG: focus ring and hover on linked boxes, faded lines off the path. */
export const DIAGRAM_CSS = [
  '.pd text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  '.pd a{cursor:pointer}',
  '.pd a:hover rect,.pd a:focus rect{stroke-width:2.5}',
  '.pd a:focus{outline:none}',
  `.pd a:focus-visible rect{stroke:#1d4ed8;stroke-width:3.5}`,
  '.pd a:hover text{text-decoration:underline}',
  '.pd .off{opacity:.35}',
].join('');

/** Whether a line or arrow is on the highlighted path. */
export const onPath = (via: string, highlight: PathHighlight | undefined) =>
  (highlight?.visits[via] ?? 0) > 0;

/** How a shape is painted, given the highlight (undefined: no path shown). */
export function paint(shape: DiagramShape, highlight: PathHighlight | undefined) {
  const c = DIAGRAM_COLORS;
  switch (shape.shape) {
    case 'line':
    case 'arrow': {
      const taken = onPath(shape.via, highlight);
      return {
        stroke: taken ? c.taken : c.line,
        strokeWidth: taken ? 3 : 1.5,
        fill: shape.shape === 'arrow' ? (taken ? c.taken : c.line) : 'none',
        faded: highlight !== undefined && !taken,
        dashed: false,
      };
    }
    case 'box': {
      const visits = highlight?.visits[shape.key] ?? 0;
      const next = highlight?.next.includes(shape.key) ?? false;
      const stop = shape.node !== 'template';
      return {
        stroke: visits > 0 ? c.taken : next ? c.next : stop ? c.stopStroke : c.boxStroke,
        strokeWidth: visits > 0 || next ? 2.5 : 1.5,
        fill: visits > 0 ? c.takenBox : stop ? c.stop : c.box,
        faded: false,
        dashed: stop || next,
      };
    }
    case 'frame': {
      const visited = (highlight?.visits[shape.key] ?? 0) > 0;
      return {
        stroke: visited ? c.taken : shape.primary ? c.primaryStroke : c.frameStroke,
        strokeWidth: shape.root || shape.primary || visited ? 2 : 1,
        fill: shape.root ? '#ffffff' : c.frame,
        faded: false,
        dashed: false,
      };
    }
    case 'terminal':
      return {
        stroke: c.line,
        strokeWidth: 2,
        fill: shape.end === 'start' ? c.line : '#ffffff',
        faded: false,
        dashed: false,
      };
  }
}

/** Where each line of a box's or frame's text sits. */
export function textLines(shape: Extract<DiagramShape, { shape: 'box' | 'frame' }>) {
  const { lineHeight, fontSize, captionSize } = DIAGRAM_METRICS;
  if (shape.shape === 'box') {
    const total = shape.lines.length * lineHeight + (shape.caption ? 14 : 0);
    const top = shape.y + (shape.h - total) / 2;
    const cx = shape.x + shape.w / 2;
    return {
      anchor: 'middle' as const,
      lines: shape.lines.map((text, i) => ({
        text,
        x: cx,
        y: top + (i + 1) * lineHeight - 4,
        size: fontSize,
      })),
      caption: shape.caption
        ? { text: shape.caption, x: cx, y: top + total - 3, size: captionSize }
        : undefined,
    };
  }
  const x = shape.x + 8;
  return {
    anchor: 'start' as const,
    lines: shape.lines.map((text, i) => ({
      text,
      x,
      y: shape.y + (i + 1) * lineHeight,
      size: fontSize,
    })),
    caption: {
      text: shape.caption,
      x,
      y: shape.y + shape.lines.length * lineHeight + 12,
      size: captionSize,
    },
  };
}

/**
 * A line of a box's or a frame's text as written into its tspan: each but the last ends with a
 * space, so the element's text (a link's accessible name) reads "Volume Change Interaction",
 * not "Volume ChangeInteraction".
 */
export const spaced = (lines: readonly { text: string }[], i: number) =>
  i < lines.length - 1 ? `${lines[i]!.text} ` : lines[i]!.text;

/** The small count beside a box a registration went through more than once. */
export function visitBadge(
  shape: Extract<DiagramShape, { shape: 'box' }>,
  highlight: PathHighlight | undefined,
): { text: string; x: number; y: number } | undefined {
  const visits = highlight?.visits[shape.key] ?? 0;
  return visits > 1 ? { text: `×${visits}`, x: shape.x + shape.w - 3, y: shape.y - 3 } : undefined;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface SvgOptions {
  /** The diagram's accessible name. */
  title: string;
  /** Where a box or a frame's title links, by IRI; undefined leaves it unlinked. */
  href?: (id: string) => string | undefined;
  highlight?: PathHighlight;
}

/** The diagram as an SVG element, for a page that has no script. */
export function diagramSvg(layout: DiagramLayout, options: SvgOptions): string {
  const { highlight } = options;
  const out: string[] = [
    `<svg class="pd" xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" role="group" aria-label="${escape(options.title)}">`,
    `<style>${DIAGRAM_CSS}</style>`,
  ];
  const link = (id: string, inner: string) => {
    const href = options.href?.(id);
    return href ? `<a href="${escape(href)}">${inner}</a>` : inner;
  };
  const text = (
    t: { text: string; x: number; y: number; size: number },
    anchor: string,
    extra = '',
  ) =>
    `<text x="${t.x}" y="${t.y}" font-size="${t.size}" text-anchor="${anchor}"${extra}>${escape(t.text)}</text>`;
  for (const shape of layout.shapes) {
    const p = paint(shape, highlight);
    const stroke = `stroke="${p.stroke}" stroke-width="${p.strokeWidth}"${p.dashed ? ' stroke-dasharray="5 3"' : ''}`;
    switch (shape.shape) {
      case 'line':
      case 'arrow':
        out.push(
          `<path d="${shape.d}" fill="${p.fill}" ${stroke}${p.faded ? ' class="off"' : ''}/>`,
        );
        break;
      case 'terminal':
        out.push(`<circle cx="${shape.x}" cy="${shape.y}" r="5" fill="${p.fill}" ${stroke}/>`);
        break;
      case 'box': {
        const t = textLines(shape);
        const lang = shape.lang ? ` lang="${escape(shape.lang)}"` : '';
        // One text of a tspan a line, spaced, so the link's name reads as the words do.
        const label = `<text font-size="${DIAGRAM_METRICS.fontSize}" text-anchor="${t.anchor}" fill="${DIAGRAM_COLORS.text}"${lang}>${t.lines
          .map((l, i) => `<tspan x="${l.x}" y="${l.y}">${escape(spaced(t.lines, i))}</tspan>`)
          .join('')}</text>`;
        const rect = `<rect x="${shape.x}" y="${shape.y}" width="${shape.w}" height="${shape.h}" rx="6" fill="${p.fill}" ${stroke}/>`;
        out.push(link(shape.id, `<g>${rect}${label}</g>`));
        if (t.caption)
          out.push(
            text(t.caption, t.anchor, ` fill="${DIAGRAM_COLORS.caption}" font-style="italic"`),
          );
        const badge = visitBadge(shape, highlight);
        if (badge)
          out.push(
            `<text x="${badge.x}" y="${badge.y}" font-size="11" font-weight="700" text-anchor="end" fill="${DIAGRAM_COLORS.taken}">${badge.text}</text>`,
          );
        break;
      }
      case 'frame': {
        const t = textLines(shape);
        const lang = shape.lang ? ` lang="${escape(shape.lang)}"` : '';
        out.push(
          `<rect x="${shape.x}" y="${shape.y}" width="${shape.w}" height="${shape.h}" rx="8" fill="${p.fill}" ${stroke}/>`,
        );
        const title = `<text font-size="${DIAGRAM_METRICS.fontSize}" text-anchor="${t.anchor}" font-weight="600" fill="${DIAGRAM_COLORS.text}"${lang}>${t.lines
          .map((l, i) => `<tspan x="${l.x}" y="${l.y}">${escape(spaced(t.lines, i))}</tspan>`)
          .join('')}</text>`;
        // A transparent rectangle under the title gives the link a box to show focus on.
        const hit = `<rect x="${shape.x + 2}" y="${shape.y + 2}" width="${shape.w - 4}" height="${shape.lines.length * DIAGRAM_METRICS.lineHeight + 4}" rx="4" fill="transparent" stroke="none"/>`;
        out.push(shape.root ? title : link(shape.id, hit + title));
        if (t.caption) out.push(text(t.caption, t.anchor, ` fill="${DIAGRAM_COLORS.caption}"`));
        break;
      }
    }
  }
  out.push('</svg>');
  return out.join('');
}
