/**
 * A profile version as documentation: everything the pages show, read from the document once and
 * in the reader's language, for the Markdown and HTML writers to lay out. Every concept, template
 * and pattern the document lists becomes one item with one anchor, its IRI.
 */
import type { ChangeSet } from '../changes/types.js';
import type { JsonObject, JsonValue } from '../json.js';
import type {
  Activity,
  Concept,
  Iri,
  LanguageMap,
  Pattern,
  Profile,
  StatementTemplate,
} from '../model/types.js';
import { isUnrecognized } from '../model/types.js';
import { parse } from '../model/parse.js';
import type { DiagramLayout } from './diagram-layout.js';
import { layoutDiagram } from './diagram-layout.js';
import type { Localized } from './language.js';
import { allLanguages, chooseLanguage, pick } from './language.js';
import type { OutlineEntry, PatternIndex, PatternTreeNode } from './pattern-tree.js';
import { indexProfile, outline, patternTree, shortIri } from './pattern-tree.js';
import type { Words } from './words.js';
import { determiningWords, listOf, ruleWords } from './words.js';

export type DocItemKind = 'concept' | 'template' | 'pattern';

export interface DocFact {
  name: string;
  words: Words;
}

export interface DocRule {
  words: Words;
  notes: Localized[];
}

export interface DocDiagram {
  tree: PatternTreeNode;
  layout: DiagramLayout;
  outline: OutlineEntry;
}

export interface DocItem {
  kind: DocItemKind;
  /** The item's IRI ('' when it has none). */
  id: Iri;
  /** The HTML id and Markdown anchor: the IRI itself, unique in the page. */
  anchor: string;
  type: string;
  title: Localized;
  deprecated: boolean;
  labels: Localized[];
  definitions: Localized[];
  facts: DocFact[];
  /** Templates: the determining properties, then the rules. */
  determining?: Words[];
  rules?: DocRule[];
  example?: { statement: JsonValue; source: 'authored' | 'generated' };
  /** Patterns: whether primary, and the drawing. */
  primary?: boolean;
  diagram?: DocDiagram;
}

export interface ConceptGroup {
  type: string;
  heading: string;
  /** The section's anchor. */
  anchor: string;
  items: DocItem[];
}

export interface DocVersion {
  id: Iri;
  generatedAtTime?: string;
  wasRevisionOf: Iri[];
}

export interface ProfileDocs {
  /** The page's language. */
  lang: string;
  /** Every language the document's language maps use. */
  languages: string[];
  profile: {
    id: Iri;
    title: Localized;
    labels: Localized[];
    definitions: Localized[];
    seeAlso?: Iri;
    conformsTo?: Iri;
    author?: { type?: string; name?: string; url?: Iri };
    /** The version this document is (its newest listed one). */
    version?: DocVersion;
    versions: DocVersion[];
  };
  conceptGroups: ConceptGroup[];
  templates: DocItem[];
  patterns: DocItem[];
  changes?: { since: string; set: ChangeSet };
  /** Anchors by IRI, for links within the page. */
  anchors: Map<Iri, string>;
  /** Names by IRI, for references. */
  names: Map<Iri, Localized>;
  /** Entries of the document that are not items (not objects): counted, not shown. */
  unreadable: number;
}

export interface DocsOptions {
  /** The reader's explicit choice of language. */
  language?: string | undefined;
  /** The languages a browser accepts, best first. */
  accepted?: readonly string[];
  /** What changed since the previous version (`compareVersions` of the two documents). */
  changes?: { since: string; set: ChangeSet } | undefined;
  /** Example statements by template IRI: written by the authors, or generated. */
  examples?: ReadonlyMap<Iri, { statement: JsonValue; source: 'authored' | 'generated' }>;
}

/** About the most boxes and frames one page draws, over all its diagrams. */
const PAGE_NODES = 20_000;

const CONCEPT_GROUPS: { type: string; heading: string }[] = [
  { type: 'Verb', heading: 'Verbs' },
  { type: 'ActivityType', heading: 'Activity types' },
  { type: 'AttachmentUsageType', heading: 'Attachment usage types' },
  { type: 'Activity', heading: 'Activities' },
  { type: 'ContextExtension', heading: 'Context extensions' },
  { type: 'ResultExtension', heading: 'Result extensions' },
  { type: 'ActivityExtension', heading: 'Activity extensions' },
  { type: 'StateResource', heading: 'State resources' },
  { type: 'AgentProfileResource', heading: 'Agent profile resources' },
  { type: 'ActivityProfileResource', heading: 'Activity profile resources' },
];

/** Every language tag used by a language map anywhere in the document, sorted. */
export function documentLanguages(profile: Profile): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 12 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (
        ['prefLabel', 'definition', 'scopeNote', 'name', 'description'].includes(key) &&
        typeof v === 'object' &&
        v !== null &&
        !Array.isArray(v)
      ) {
        for (const [lang, text] of Object.entries(v as Record<string, unknown>))
          if (typeof text === 'string') found.add(lang);
      } else if (key !== 'inlineSchema' && key !== 'extensions') visit(v, depth + 1);
    }
  };
  visit(profile, 0);
  return [...found].sort();
}

const asObject = (value: unknown): JsonObject | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;

const refs = (name: string, iris: unknown): DocFact[] =>
  Array.isArray(iris) && iris.length > 0
    ? [{ name, words: listOf(iris as JsonValue[], 'and') }]
    : [];
const iriFact = (name: string, iri: unknown): DocFact[] =>
  typeof iri === 'string' && iri !== '' ? [{ name, words: [{ ref: iri }] }] : [];
const codeFact = (name: string, text: unknown): DocFact[] =>
  typeof text === 'string' && text !== '' ? [{ name, words: [{ code: text }] }] : [];

function conceptFacts(c: Concept, languages: readonly string[]): DocFact[] {
  const anyC = c as unknown as JsonObject;
  switch (c.type) {
    case 'Verb':
    case 'ActivityType':
    case 'AttachmentUsageType':
      return [
        ...refs('Broader', anyC.broader),
        ...refs('Narrower', anyC.narrower),
        ...refs('Related', anyC.related),
        ...refs('Broader, in another profile', anyC.broadMatch),
        ...refs('Narrower, in another profile', anyC.narrowMatch),
        ...refs('Related, in another profile', anyC.relatedMatch),
        ...refs('The same as', anyC.exactMatch),
      ];
    case 'ContextExtension':
    case 'ResultExtension':
    case 'ActivityExtension':
      return [
        ...refs('Recommended activity types', anyC.recommendedActivityTypes),
        ...refs('Recommended verbs', anyC.recommendedVerbs),
        ...iriFact('JSON-LD context', anyC.context),
        ...iriFact('Schema', anyC.schema),
        ...schemaFact(anyC.inlineSchema),
      ];
    case 'StateResource':
    case 'AgentProfileResource':
    case 'ActivityProfileResource':
      return [
        ...codeFact('Content type', anyC.contentType),
        ...iriFact('JSON-LD context', anyC.context),
        ...iriFact('Schema', anyC.schema),
        ...schemaFact(anyC.inlineSchema),
      ];
    case 'Activity':
      return activityFacts(c, languages);
    default:
      return [];
  }
}

function schemaFact(schema: unknown): DocFact[] {
  if (schema === undefined) return [];
  let text = typeof schema === 'string' ? schema : JSON.stringify(schema);
  try {
    text = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Shown as written when it is not JSON: the validator reports that.
  }
  return [{ name: 'Inline schema', words: [{ code: text }] }];
}

function activityFacts(c: Activity, languages: readonly string[]): DocFact[] {
  const d = c.activityDefinition;
  if (!d) return [];
  const out: DocFact[] = [
    ...iriFact('Activity type', d.type),
    ...iriFact('More information', d.moreInfo),
  ];
  const description = pick(d.description, languages);
  if (description) out.push({ name: 'Description', words: [description.text] });
  if (d.interactionType)
    out.push({ name: 'Interaction type', words: [{ code: d.interactionType }] });
  if (Array.isArray(d.correctResponsesPattern))
    out.push({ name: 'Correct responses', words: listOf(d.correctResponsesPattern, 'and') });
  for (const key of ['choices', 'scale', 'source', 'target', 'steps'] as const) {
    const list = d[key];
    if (!Array.isArray(list) || list.length === 0) continue;
    const shown = list.map((entry) => {
      if (isUnrecognized(entry)) return JSON.stringify(entry.unrecognized);
      const text = pick(entry.description, languages)?.text;
      return text ? `${entry.id ?? '?'} (${text})` : (entry.id ?? '?');
    });
    out.push({ name: key[0]!.toUpperCase() + key.slice(1), words: listOf(shown, 'and') });
  }
  if (d.extensions && Object.keys(d.extensions).length > 0)
    out.push({ name: 'Extensions', words: [{ code: JSON.stringify(d.extensions, null, 2) }] });
  return out;
}

const titleOf = (
  id: Iri,
  label: LanguageMap | undefined,
  languages: readonly string[],
): Localized => pick(label, languages) ?? { text: id ? shortIri(id) : '(no IRI)', lang: '' };

/** Unique anchors: the IRI, and for a second entry with the same IRI a suffix. */
function anchorer() {
  const used = new Set<string>();
  return (id: string, kind: string, index: number) => {
    let anchor = id || `${kind}-${index + 1}`;
    for (let i = 2; used.has(anchor); i++) anchor = `${id || kind}~${i}`;
    used.add(anchor);
    return anchor;
  };
}

/** Reads a profile document (anything `parse` takes) into the pages' model. */
export function profileDocs(document: unknown, options: DocsOptions = {}): ProfileDocs {
  const { model } = parse(document);
  const profile: Profile = model ?? {};
  const languages = documentLanguages(profile);
  const lang = chooseLanguage(languages, {
    explicit: options.language,
    accepted: options.accepted ?? [],
  });
  const prefs = [lang, ...(options.accepted ?? [])];
  const anchor = anchorer();
  const anchors = new Map<Iri, string>();
  const names = new Map<Iri, Localized>();
  let unreadable = 0;
  const index: PatternIndex = indexProfile(profile);

  const base = (
    kind: DocItemKind,
    item: { id?: Iri; prefLabel?: LanguageMap; definition?: LanguageMap; deprecated?: boolean },
    i: number,
    type: string,
    label?: LanguageMap,
  ): DocItem => {
    const id = typeof item.id === 'string' ? item.id : '';
    const a = anchor(id, kind, i);
    if (id && !anchors.has(id)) anchors.set(id, a);
    const title = titleOf(id, label ?? item.prefLabel, prefs);
    if (id && !names.has(id) && title.lang) names.set(id, title);
    return {
      kind,
      id,
      anchor: a,
      type,
      title,
      deprecated: item.deprecated === true,
      labels: allLanguages(label ?? item.prefLabel, prefs),
      definitions: allLanguages(item.definition, prefs),
      facts: [],
    };
  };

  const groups = new Map<string, DocItem[]>();
  (profile.concepts ?? []).forEach((c, i) => {
    if (isUnrecognized(c)) {
      unreadable++;
      return;
    }
    const label =
      c.type === 'Activity'
        ? c.activityDefinition?.name
        : (c as { prefLabel?: LanguageMap }).prefLabel;
    const item = base('concept', c, i, c.type ?? 'Concept', label);
    item.facts = conceptFacts(c, prefs);
    const list = groups.get(c.type) ?? [];
    list.push(item);
    groups.set(c.type, list);
  });
  const known = new Set(CONCEPT_GROUPS.map((g) => g.type));
  const conceptGroups: ConceptGroup[] = [
    ...CONCEPT_GROUPS,
    ...[...groups.keys()]
      .filter((t) => !known.has(t))
      .sort()
      .map((type) => ({ type, heading: `Concepts of type ${type || '(none)'}` })),
  ]
    .filter((g) => groups.has(g.type))
    .map((g) => ({ ...g, anchor: `concepts-${g.type || 'other'}`, items: groups.get(g.type)! }));

  const templates: DocItem[] = [];
  (profile.templates ?? []).forEach((t: StatementTemplate | { unrecognized: JsonValue }, i) => {
    if (isUnrecognized(t)) {
      unreadable++;
      return;
    }
    const item = base('template', t, i, 'StatementTemplate');
    item.determining = determiningWords(t);
    item.rules = (t.rules ?? []).map((rule) =>
      isUnrecognized(rule)
        ? {
            words: ['A rule that is not an object: ', { code: JSON.stringify(rule.unrecognized) }],
            notes: [],
          }
        : { words: ruleWords(rule), notes: allLanguages(rule.scopeNote, prefs) },
    );
    const example = item.id ? options.examples?.get(item.id) : undefined;
    if (example) item.example = example;
    templates.push(item);
  });

  const patterns: DocItem[] = [];
  // One page draws every pattern: with many patterns each is drawn smaller (nested ones folded,
  // each with its own diagram further on), so a page stays within about 20,000 boxes.
  const nodesPerDiagram = Math.min(
    400,
    Math.max(30, Math.floor(PAGE_NODES / Math.max(1, (profile.patterns ?? []).length))),
  );
  (profile.patterns ?? []).forEach((p: Pattern | { unrecognized: JsonValue }, i) => {
    if (isUnrecognized(p)) {
      unreadable++;
      return;
    }
    const item = base('pattern', p, i, 'Pattern');
    item.primary = p.primary === true;
    const tree = item.id
      ? patternTree(index, item.id, { languages: prefs, maxNodes: nodesPerDiagram })
      : undefined;
    // A second entry with the same IRI is drawn as the first: the tree reads the first one.
    if (tree) item.diagram = { tree, layout: layoutDiagram(tree), outline: outline(tree) };
    patterns.push(item);
  });

  const versions: DocVersion[] = (profile.versions ?? []).flatMap((v) =>
    isUnrecognized(v) || typeof v.id !== 'string'
      ? []
      : [
          {
            id: v.id,
            ...(typeof v.generatedAtTime === 'string'
              ? { generatedAtTime: v.generatedAtTime }
              : {}),
            wasRevisionOf: Array.isArray(v.wasRevisionOf) ? v.wasRevisionOf : [],
          },
        ],
  );
  const author = asObject(profile.author);
  const profileId = typeof profile.id === 'string' ? profile.id : '';
  return {
    lang,
    languages,
    profile: {
      id: profileId,
      title: titleOf(profileId, profile.prefLabel, prefs),
      labels: allLanguages(profile.prefLabel, prefs),
      definitions: allLanguages(profile.definition, prefs),
      ...(typeof profile.seeAlso === 'string' ? { seeAlso: profile.seeAlso } : {}),
      ...(typeof profile.conformsTo === 'string' ? { conformsTo: profile.conformsTo } : {}),
      ...(author
        ? {
            author: {
              ...(typeof author.type === 'string' ? { type: author.type } : {}),
              ...(typeof author.name === 'string' ? { name: author.name } : {}),
              ...(typeof author.url === 'string' ? { url: author.url } : {}),
            },
          }
        : {}),
      ...(versions[0] ? { version: versions[0] } : {}),
      versions,
    },
    conceptGroups,
    templates,
    patterns,
    ...(options.changes ? { changes: options.changes } : {}),
    anchors,
    names,
    unreadable,
  };
}

/** Every item of the pages in order: concepts by group, templates, patterns. */
export function docItems(docs: ProfileDocs): DocItem[] {
  return [...docs.conceptGroups.flatMap((g) => g.items), ...docs.templates, ...docs.patterns];
}

/** A version's short name: its number from the IRI (`v1.0.3`), else the end of the IRI. */
export function versionName(id: Iri): string {
  const match = /\/(v?\d+(?:\.\d+)*)\/?$/.exec(id) ?? /[#/]([^#/]+)\/?$/.exec(id);
  return match ? match[1]! : id;
}
