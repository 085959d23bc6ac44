import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import type { Iri } from '../../../xapi/index';
import { registrationPath } from '../../../xapi/docs/pattern-path';
import { Link } from 'react-router';
import type { DiagramShape } from '../../../xapi/docs/diagram-layout';
import { DIAGRAM_METRICS, frameCaption, layoutDiagram } from '../../../xapi/docs/diagram-layout';
import type { PathHighlight } from '../../../xapi/docs/diagram-svg';
import {
  DIAGRAM_COLORS,
  DIAGRAM_CSS,
  paint,
  spaced,
  textLines,
  visitBadge,
} from '../../../xapi/docs/diagram-svg';
import type { OutlineEntry, PatternIndex, PatternTreeNode } from '../../../xapi/docs/pattern-tree';
import { outline, patternTree } from '../../../xapi/docs/pattern-tree';

import type { LinkTo } from './diagram-source';

function Linked({ to, children }: { to: string | undefined; children: ReactNode }) {
  return to ? <Link to={to}>{children}</Link> : <>{children}</>;
}

/** A box's or frame's lines as one text of tspans, spaced, so a link's name reads as the words. */
function Lines({
  shape,
  bold,
}: {
  shape: Extract<DiagramShape, { shape: 'box' | 'frame' }>;
  bold?: boolean;
}) {
  const t = textLines(shape);
  return (
    <text
      fontSize={DIAGRAM_METRICS.fontSize}
      textAnchor={t.anchor}
      fill={DIAGRAM_COLORS.text}
      fontWeight={bold ? 600 : undefined}
      lang={shape.lang}
    >
      {t.lines.map((l, i) => (
        <tspan key={i} x={l.x} y={l.y}>
          {spaced(t.lines, i)}
        </tspan>
      ))}
    </text>
  );
}

function Caption({ shape }: { shape: Extract<DiagramShape, { shape: 'box' | 'frame' }> }) {
  const t = textLines(shape);
  if (!t.caption) return null;
  return (
    <text
      x={t.caption.x}
      y={t.caption.y}
      fontSize={t.caption.size}
      textAnchor={t.anchor}
      fill={DIAGRAM_COLORS.caption}
      fontStyle={shape.shape === 'box' ? 'italic' : undefined}
    >
      {t.caption.text}
    </text>
  );
}

function Shape({
  shape,
  highlight,
  linkTo,
}: {
  shape: DiagramShape;
  highlight: PathHighlight | undefined;
  linkTo: LinkTo;
}) {
  const p = paint(shape, highlight);
  const stroke = {
    stroke: p.stroke,
    strokeWidth: p.strokeWidth,
    ...(p.dashed ? { strokeDasharray: '5 3' } : {}),
  };
  switch (shape.shape) {
    case 'line':
    case 'arrow':
      return <path d={shape.d} fill={p.fill} {...stroke} className={p.faded ? 'off' : undefined} />;
    case 'terminal':
      return <circle cx={shape.x} cy={shape.y} r={5} fill={p.fill} {...stroke} />;
    case 'box': {
      const badge = visitBadge(shape, highlight);
      return (
        <>
          <Linked to={linkTo(shape.id)}>
            <g>
              <rect
                x={shape.x}
                y={shape.y}
                width={shape.w}
                height={shape.h}
                rx={6}
                fill={p.fill}
                {...stroke}
              />
              <Lines shape={shape} />
            </g>
          </Linked>
          <Caption shape={shape} />
          {badge && (
            <text
              x={badge.x}
              y={badge.y}
              fontSize={11}
              fontWeight={700}
              textAnchor="end"
              fill={DIAGRAM_COLORS.taken}
            >
              {badge.text}
            </text>
          )}
        </>
      );
    }
    case 'frame':
      return (
        <>
          <rect
            x={shape.x}
            y={shape.y}
            width={shape.w}
            height={shape.h}
            rx={8}
            fill={p.fill}
            {...stroke}
          />
          {shape.root ? (
            <Lines shape={shape} bold />
          ) : (
            <Linked to={linkTo(shape.id)}>
              <rect
                x={shape.x + 2}
                y={shape.y + 2}
                width={shape.w - 4}
                height={shape.lines.length * DIAGRAM_METRICS.lineHeight + 4}
                rx={4}
                fill="transparent"
                stroke="none"
              />
              <Lines shape={shape} bold />
            </Linked>
          )}
          <Caption shape={shape} />
        </>
      );
  }
}

function OutlineItem({ entry, linkTo }: { entry: OutlineEntry; linkTo: LinkTo }) {
  const to = linkTo(entry.id);
  const kind =
    entry.node === 'template'
      ? 'template'
      : entry.node === 'pattern'
        ? frameCaption({ kind: entry.kind!, primary: entry.primary === true })
        : entry.note;
  return (
    <li>
      {to ? (
        <Anchor component={Link} to={to} size="sm" lang={entry.lang}>
          {entry.label}
        </Anchor>
      ) : (
        <Text span size="sm" lang={entry.lang}>
          {entry.label}
        </Text>
      )}{' '}
      <Text span size="sm" c="dimmed">
        — {kind}
      </Text>
      {entry.children.length > 0 && (
        <ul>
          {entry.children.map((c) => (
            <OutlineItem key={c.key} entry={c} linkTo={linkTo} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * A pattern drawn railroad style from the library's layout (the documentation pages draw the
 * same shapes as SVG): every box a link to its template or pattern, scrolling sideways when
 * wider than the screen, with the nested list it draws beside it for screen readers. With a
 * highlight, the path a registration took is drawn over it and what was expected next is dashed.
 */
export function PatternDiagram({
  tree,
  title,
  linkTo,
  highlight,
  legend,
}: {
  tree: PatternTreeNode;
  /** The diagram's accessible name, e.g. "Diagram of the pattern General Pattern". */
  title: string;
  linkTo: LinkTo;
  highlight?: PathHighlight | undefined;
  /** What the highlight shows, in words. */
  legend?: ReactNode;
}) {
  const layout = layoutDiagram(tree);
  // Wider than a phone: it scrolls sideways at its own size, or shrinks to the width on request.
  const [fit, setFit] = useState(false);
  const wide = layout.width > 360;
  return (
    <Stack gap="xs">
      {highlight && (
        <Group gap="md" aria-hidden="true">
          <Text size="xs" c="dimmed">
            <svg width="22" height="8" style={{ marginRight: 4 }}>
              <line x1="0" y1="4" x2="22" y2="4" stroke={DIAGRAM_COLORS.taken} strokeWidth="3" />
            </svg>
            path taken
          </Text>
          {highlight.next.length > 0 && (
            <Text size="xs" c="dimmed">
              <svg width="22" height="12" style={{ marginRight: 4 }}>
                <rect
                  x="1"
                  y="1"
                  width="20"
                  height="10"
                  rx="3"
                  fill="#fff"
                  stroke={DIAGRAM_COLORS.next}
                  strokeWidth="2"
                  strokeDasharray="4 2"
                />
              </svg>
              expected next
            </Text>
          )}
        </Group>
      )}
      {legend}
      <div
        role="region"
        aria-label={title}
        tabIndex={0}
        style={{
          overflowX: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 8,
          background: '#fff',
          padding: 6,
        }}
      >
        <svg
          className="pd"
          xmlns="http://www.w3.org/2000/svg"
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          role="group"
          aria-label={title}
          style={fit ? { display: 'block', width: '100%', height: 'auto' } : { display: 'block' }}
        >
          <style>{DIAGRAM_CSS}</style>
          {layout.shapes.map((shape, i) => (
            <Fragment key={i}>
              <Shape shape={shape} highlight={highlight} linkTo={linkTo} />
            </Fragment>
          ))}
        </svg>
      </div>
      {wide && (
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setFit(!fit)}
            aria-pressed={fit}
          >
            Fit to width
          </Button>
          {!fit && (
            <Text size="xs" c="dimmed">
              Wider than the space? It scrolls sideways.
            </Text>
          )}
        </Group>
      )}
      <details>
        <summary>
          <Text span size="sm">
            The diagram as a list
          </Text>
        </summary>
        <ul>
          <OutlineItem entry={outline(tree)} linkTo={linkTo} />
        </ul>
      </details>
    </Stack>
  );
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * A primary pattern with the path one registration took through it highlighted: the parts its
 * statements matched (with how many times), the bypasses and repeats taken, and, where it stopped,
 * the templates the pattern expected next. The path follows the specification's matching.
 */
export function RegistrationDiagram({
  index,
  patternId,
  templates,
  linkTo,
  label,
  showPath = true,
}: {
  index: PatternIndex;
  patternId: Iri;
  /** The templates each statement of the registration matched, in the order matched. */
  templates: readonly (readonly Iri[])[];
  linkTo: LinkTo;
  /** Whose path it is, e.g. "Registration 1f2e…". */
  label: string;
  /** False draws the pattern without a path (when it was checked another way). */
  showPath?: boolean;
}) {
  const tree = useMemo(() => patternTree(index, patternId), [index, patternId]);
  const path = useMemo(
    () => (tree && showPath ? registrationPath(index, tree, templates) : undefined),
    [index, tree, templates, showPath],
  );
  if (!tree) return null;
  const name = tree.label;
  const summary = !path
    ? undefined
    : path.outcome === 'success' && path.remaining === 0
      ? `all ${plural(templates.length, 'statement')} matched`
      : path.outcome === 'partial'
        ? `it stopped after ${plural(templates.length, 'statement')}; dashed: what it expects next`
        : path.outcome === 'success'
          ? `the pattern ended with ${plural(path.remaining, 'statement')} left over`
          : 'the statements did not match; dashed: what it expected where it stopped';
  return (
    <PatternDiagram
      tree={tree}
      title={`Diagram of ${name}, with the path of ${label}`}
      linkTo={linkTo}
      highlight={path}
      legend={
        <Text size="sm">
          {path
            ? `The path of ${label} through ${name}: ${summary}.`
            : `${name}: the path is drawn for the specification's reading of patterns only.`}
        </Text>
      }
    />
  );
}

export const NO_DIAGRAM =
  'This pattern cannot be drawn: it has no sequence, alternates, optional, oneOrMore or zeroOrMore yet.';

/** A pattern of a version's document drawn whole, every nested pattern expanded. */
export function PatternStructure({
  index,
  patternId,
  name,
  linkTo,
}: {
  index: PatternIndex;
  patternId: Iri;
  name: string;
  linkTo: LinkTo;
}) {
  const tree = useMemo(() => patternTree(index, patternId), [index, patternId]);
  if (!tree)
    return (
      <Text size="sm" c="dimmed">
        {NO_DIAGRAM}
      </Text>
    );
  return <PatternDiagram tree={tree} title={`Diagram of the pattern ${name}`} linkTo={linkTo} />;
}
