export type {
  DiagramNode,
  OutlineEntry,
  PatternIndex,
  PatternKind,
  PatternTreeNode,
  StopNode,
  TemplateNode,
  TreeOptions,
} from './pattern-tree.js';
export {
  KIND_WORDS,
  PATTERN_KINDS,
  indexProfile,
  outline,
  outlineText,
  patternMembers,
  patternTree,
  shortIri,
} from './pattern-tree.js';
export type { DiagramLayout, DiagramShape, LineRole } from './diagram-layout.js';
export {
  DIAGRAM_METRICS,
  frameCaption,
  layoutDiagram,
  textWidth,
  wrapText,
} from './diagram-layout.js';
export type { PathHighlight, SvgOptions } from './diagram-svg.js';
export {
  DIAGRAM_COLORS,
  DIAGRAM_CSS,
  diagramSvg,
  onPath,
  paint,
  textLines,
  visitBadge,
} from './diagram-svg.js';
export type { RegistrationPath } from './pattern-path.js';
export { registrationPath } from './pattern-path.js';
export type { Localized } from './language.js';
export { acceptedLanguages, allLanguages, chooseLanguage, languageTag, pick } from './language.js';
export type { Segment, Words } from './words.js';
export { determiningWords, plainWords, ruleWords } from './words.js';
export type {
  ConceptGroup,
  DocDiagram,
  DocFact,
  DocItem,
  DocRule,
  DocsOptions,
  DocVersion,
  ProfileDocs,
} from './model.js';
export { docItems, documentLanguages, profileDocs, versionName } from './model.js';
export type { MarkdownOptions } from './markdown.js';
export { renderDocsMarkdown } from './markdown.js';
export type { HtmlOptions } from './html.js';
export { DOCS_CSS, languageName, renderDocsHtml } from './html.js';
