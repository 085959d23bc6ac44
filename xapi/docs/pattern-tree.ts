/**
 * A pattern as the tree a reader sees: every pattern it names expanded in place, down to the
 * statement templates, so one drawing (or one nested list) shows the whole structure that a
 * pattern page used to show one level at a time.
 */
import type { Iri, LanguageMap, Pattern, Profile, StatementTemplate } from '../model/types.js';
import { isUnrecognized } from '../model/types.js';
import { pick } from './language.js';

export type PatternKind = 'sequence' | 'alternates' | 'optional' | 'oneOrMore' | 'zeroOrMore';
export const PATTERN_KINDS: readonly PatternKind[] = [
  'sequence',
  'alternates',
  'optional',
  'oneOrMore',
  'zeroOrMore',
];

interface NodeBase {
  /** Where the node sits in the tree (`r`, `r.0`, `r.0.2`): unique within one tree. */
  key: string;
  id: Iri;
  label: string;
  /** The language `label` was read in, when it came from a language map. */
  lang?: string;
}

/** A statement template of the profile. */
export interface TemplateNode extends NodeBase {
  node: 'template';
}

/** A pattern, with its members expanded. */
export interface PatternTreeNode extends NodeBase {
  node: 'pattern';
  kind: PatternKind;
  primary: boolean;
  members: DiagramNode[];
}

/**
 * A component the tree does not expand: an IRI that is neither a template nor a pattern of this
 * profile (another profile's, or nothing), a pattern that contains itself, a pattern with no
 * operator, or a pattern left folded because the drawing would be too large.
 */
export interface StopNode extends NodeBase {
  node: 'elsewhere' | 'cycle' | 'invalid' | 'folded';
  /** For a folded pattern: the patterns it sits in, so expanding it later still finds cycles. */
  ancestors?: Iri[];
}

export type DiagramNode = TemplateNode | PatternTreeNode | StopNode;

export interface TreeOptions {
  /** Languages to read labels in, best first. */
  languages?: readonly string[];
  /** Most nodes in one tree; nested patterns past it are left folded (default 400). */
  maxNodes?: number;
  /** The key of the root (default `r`), to graft the tree into another one. */
  rootKey?: string;
  /** The patterns the root sits in, when it is grafted (a folded node's `ancestors`). */
  ancestors?: readonly Iri[];
}

/** The profile's templates and patterns by IRI, read once for many trees. */
export interface PatternIndex {
  templates: Map<Iri, StatementTemplate>;
  patterns: Map<Iri, Pattern>;
}

export function indexProfile(profile: Profile): PatternIndex {
  const templates = new Map<Iri, StatementTemplate>();
  const patterns = new Map<Iri, Pattern>();
  for (const t of profile.templates ?? [])
    if (!isUnrecognized(t) && t.id !== undefined && !templates.has(t.id)) templates.set(t.id, t);
  for (const p of profile.patterns ?? [])
    if (!isUnrecognized(p) && p.id !== undefined && !patterns.has(p.id)) patterns.set(p.id, p);
  return { templates, patterns };
}

/** The operator of a pattern and its members in order, or undefined when it has none. */
export function patternMembers(p: Pattern): { kind: PatternKind; members: Iri[] } | undefined {
  if (Array.isArray(p.sequence)) return { kind: 'sequence', members: p.sequence };
  if (Array.isArray(p.alternates)) return { kind: 'alternates', members: p.alternates };
  for (const kind of ['optional', 'oneOrMore', 'zeroOrMore'] as const) {
    const member = p[kind];
    if (typeof member === 'string') return { kind, members: [member] };
  }
  return undefined;
}

function label(
  id: Iri,
  map: LanguageMap | undefined,
  languages: readonly string[],
): Pick<NodeBase, 'label' | 'lang'> {
  const found = pick(map, languages);
  return found ? { label: found.text, lang: found.lang } : { label: shortIri(id) };
}

/** The end of an IRI a reader can recognise: its fragment, else its last path segment. */
export function shortIri(iri: Iri): string {
  const hash = iri.lastIndexOf('#');
  if (hash >= 0 && hash < iri.length - 1) return iri.slice(hash + 1);
  const trimmed = iri.replace(/\/+$/, '');
  const slash = trimmed.lastIndexOf('/');
  return slash >= 0 && slash < trimmed.length - 1 ? trimmed.slice(slash + 1) : iri;
}

/**
 * The tree of `patternId` in `index`: templates and unknown IRIs are leaves, patterns expand
 * (a pattern that contains itself stops at the second visit). Undefined when the profile has no
 * such pattern.
 */
export function patternTree(
  index: PatternIndex,
  patternId: Iri,
  options: TreeOptions = {},
): PatternTreeNode | undefined {
  const languages = options.languages ?? [];
  const maxNodes = options.maxNodes ?? 400;
  const rootKey = options.rootKey ?? 'r';
  let count = 0;
  const build = (id: Iri, key: string, path: readonly Iri[]): DiagramNode => {
    count++;
    const template = index.templates.get(id);
    const pattern = index.patterns.get(id);
    if (!pattern) {
      if (template)
        return { node: 'template', key, id, ...label(id, template.prefLabel, languages) };
      return { node: 'elsewhere', key, id, label: shortIri(id) };
    }
    const named = label(id, pattern.prefLabel, languages);
    if (path.includes(id)) return { node: 'cycle', key, id, ...named };
    const operator = patternMembers(pattern);
    if (!operator) return { node: 'invalid', key, id, ...named };
    if (key !== rootKey && count + operator.members.length > maxNodes)
      return { node: 'folded', key, id, ...named, ancestors: [...path] };
    const inner = [...path, id];
    return {
      node: 'pattern',
      key,
      id,
      ...named,
      kind: operator.kind,
      primary: pattern.primary === true,
      members: operator.members.map((member, i) => build(member, `${key}.${i}`, inner)),
    };
  };
  if (!index.patterns.has(patternId)) return undefined;
  const root = build(patternId, rootKey, options.ancestors ?? []);
  return root.node === 'pattern' ? root : undefined;
}

/** What each kind of pattern asks of the statements, as the nested list says it. */
export const KIND_WORDS: Record<PatternKind, string> = {
  sequence: 'in this order',
  alternates: 'one of',
  optional: 'optionally',
  oneOrMore: 'one or more times',
  zeroOrMore: 'zero or more times',
};

const STOP_WORDS: Record<StopNode['node'], string> = {
  elsewhere: 'not in this profile',
  cycle: 'contains itself: not expanded again',
  invalid: 'a pattern with no sequence, alternates, optional, oneOrMore or zeroOrMore',
  folded: 'not expanded here: see its own diagram',
};

/** One line of the nested list that is a diagram's text equivalent. */
export interface OutlineEntry {
  key: string;
  id: Iri;
  /** `template`, `pattern` or the reason the tree stops here. */
  node: DiagramNode['node'];
  label: string;
  lang?: string;
  /** For a pattern: its kind in words, e.g. "one of"; for a stop: why. */
  note?: string;
  kind?: PatternKind;
  primary?: boolean;
  children: OutlineEntry[];
}

/** The nested list a diagram draws: the text equivalent a screen reader reads instead. */
export function outline(node: DiagramNode): OutlineEntry {
  const base = {
    key: node.key,
    id: node.id,
    node: node.node,
    label: node.label,
    ...(node.lang ? { lang: node.lang } : {}),
  };
  if (node.node === 'template') return { ...base, children: [] };
  if (node.node === 'pattern')
    return {
      ...base,
      note: KIND_WORDS[node.kind],
      kind: node.kind,
      primary: node.primary,
      children: node.members.map(outline),
    };
  return { ...base, note: STOP_WORDS[node.node], children: [] };
}

/** The outline as indented plain text, one entry a line (for Markdown and for tests). */
export function outlineText(entry: OutlineEntry, depth = 0): string[] {
  const kind =
    entry.node === 'template'
      ? 'template'
      : entry.node === 'pattern'
        ? `${entry.primary ? 'primary ' : ''}pattern, ${entry.note}`
        : entry.note;
  const line = `${'  '.repeat(depth)}- ${entry.label} (${kind})`;
  return [line, ...entry.children.flatMap((c) => outlineText(c, depth + 1))];
}
