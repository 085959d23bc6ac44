/**
 * The demo's "Reading Progress" profile as documents built in code: versions 1 and 2 (published
 * by the seed), version 3 (left as a draft), and a file of statements a reading app sent, for the
 * draft's Import Queue. Together they show every kind of concept, template rule and pattern, a
 * comparison worth reading and a stream of statements that follows the primary pattern.
 */
import type { JsonObject } from '../xapi/index';

type Json = JsonObject;

const PROFILE_CONTEXT = 'https://w3id.org/xapi/profiles/context';
const ACTIVITY_CONTEXT = 'https://w3id.org/xapi/profiles/activity-context';

/** The IRIs of the profile's items, under the profile's own IRI as the site would mint them. */
export function readingIris(profile: string) {
  const verb = (name: string) => `${profile}/verbs/${name}`;
  const type = (name: string) => `${profile}/activity-types/${name}`;
  const extension = (name: string) => `${profile}/extensions/${name}`;
  const template = (name: string) => `${profile}/templates/${name}`;
  const pattern = (name: string) => `${profile}/patterns/${name}`;
  return {
    version: (n: number) => `${profile}/v${n}`,
    verbs: {
      opened: verb('opened'),
      read: verb('read'),
      skimmed: verb('skimmed'),
      paused: verb('paused'),
      finished: verb('finished'),
      reflected: verb('reflected'),
      highlighted: verb('highlighted'),
    },
    types: { book: type('book'), chapter: type('chapter'), assignment: type('reading-assignment') },
    readingNotes: `${profile}/attachment-usage-types/reading-notes`,
    documents: {
      bookmark: `${profile}/documents/bookmark`,
      preferences: `${profile}/documents/reading-preferences`,
      guide: `${profile}/documents/reading-guide`,
    },
    extensions: {
      pagesRead: extension('pages-read'),
      device: extension('reading-device'),
      pageCount: extension('page-count'),
      fontSize: extension('font-size'),
    },
    activities: {
      guide: `${profile}/activities/field-guide`,
      chapter: `${profile}/activities/field-guide-chapter-1`,
    },
    templates: {
      opened: template('opened-book'),
      read: template('read-chapter'),
      paused: template('paused-reading'),
      finished: template('finished-book'),
      reflected: template('reflected-on-book'),
    },
    patterns: {
      session: pattern('reading-session'),
      stretches: pattern('reading-stretches'),
      readOrPause: pattern('read-or-pause'),
      ending: pattern('ending'),
      finishAndReflect: pattern('finish-and-reflect'),
      reflections: pattern('reflections'),
    },
  };
}

export type ReadingIris = ReturnType<typeof readingIris>;

const DEVICES = ['e-reader', 'tablet', 'phone', 'computer', 'print'];

/** What differs between the versions; everything else is shared. */
interface Edition {
  version: number;
  /** The definition of "paused", reworded in version 2. */
  pausedDefinition: string;
  skimmedDeprecated: boolean;
  withHighlighted: boolean;
  /** "pages read" on a chapter: recommended in version 1, required from version 2. */
  pagesReadPresence: 'recommended' | 'included';
  /** The draft after version 2 also asks for the device on opening a book. */
  deviceOnOpening: 'recommended' | 'included';
  profileDefinition: string;
}

const EDITIONS: Record<1 | 2 | 3, Edition> = {
  1: {
    version: 1,
    pausedDefinition: 'Stopped reading for now.',
    skimmedDeprecated: false,
    withHighlighted: false,
    pagesReadPresence: 'recommended',
    deviceOnOpening: 'recommended',
    profileDefinition:
      'Describes how learning platforms report that a person opened, paused, finished and reflected on a reading assignment, so that reading time and completion can be compared across e-book readers.',
  },
  2: {
    version: 2,
    pausedDefinition:
      'Stopped reading before the end of the text, meaning to come back to it; the bookmark document keeps the place.',
    skimmedDeprecated: true,
    withHighlighted: true,
    pagesReadPresence: 'included',
    deviceOnOpening: 'recommended',
    profileDefinition:
      'Describes how learning platforms report that a person opened, paused, finished and reflected on a reading assignment, so that reading time and completion can be compared across e-book readers. Version 2 adds highlighted passages and retires "skimmed".',
  },
  3: {
    version: 3,
    pausedDefinition:
      'Stopped reading before the end of the text, meaning to come back to it; the bookmark document keeps the place.',
    skimmedDeprecated: true,
    withHighlighted: true,
    pagesReadPresence: 'included',
    deviceOnOpening: 'included',
    profileDefinition:
      'Describes how learning platforms report that a person opened, paused, finished and reflected on a reading assignment, so that reading time and completion can be compared across e-book readers. Version 2 adds highlighted passages and retires "skimmed".',
  },
};

function concepts(i: ReadingIris, e: Edition): Json[] {
  const current = i.version(e.version);
  const list: Json[] = [
    {
      id: i.verbs.opened,
      type: 'Verb',
      inScheme: current,
      prefLabel: { en: 'opened', fr: 'a ouvert', es: 'abrió' },
      definition: { en: 'Opened a text to start or go on reading it.' },
    },
    {
      id: i.verbs.read,
      type: 'Verb',
      inScheme: current,
      prefLabel: { en: 'read', fr: 'a lu', es: 'leyó' },
      definition: { en: 'Went through a text from beginning to end, or a stated part of it.' },
      narrower: [i.verbs.skimmed],
    },
    {
      id: i.verbs.skimmed,
      type: 'Verb',
      inScheme: current,
      prefLabel: { en: 'skimmed' },
      definition: { en: 'Looked through a text quickly to find its main points.' },
      broader: [i.verbs.read],
      // A retired concept names what to use instead.
      ...(e.skimmedDeprecated ? { deprecated: true, related: [i.verbs.read] } : {}),
    },
    {
      id: i.verbs.paused,
      type: 'Verb',
      inScheme: current,
      prefLabel: { en: 'paused', fr: 'a interrompu' },
      definition: { en: e.pausedDefinition },
    },
    {
      id: i.verbs.finished,
      type: 'Verb',
      inScheme: current,
      prefLabel: { en: 'finished', fr: 'a terminé', es: 'terminó' },
      definition: { en: 'Reached the end of a text.' },
      broadMatch: ['http://adlnet.gov/expapi/verbs/completed'],
    },
    {
      id: i.verbs.reflected,
      type: 'Verb',
      inScheme: current,
      prefLabel: { en: 'reflected on' },
      definition: { en: 'Wrote down what they made of a text after reading it.' },
    },
    ...(e.withHighlighted
      ? [
          {
            id: i.verbs.highlighted,
            type: 'Verb',
            inScheme: current,
            prefLabel: { en: 'highlighted' },
            definition: { en: 'Marked a passage of a text to come back to it.' },
          },
        ]
      : []),
    {
      id: i.types.book,
      type: 'ActivityType',
      inScheme: current,
      prefLabel: { en: 'book', fr: 'livre', es: 'libro' },
      definition: { en: 'A book, printed or electronic, read as a whole.' },
      narrower: [i.types.chapter],
    },
    {
      id: i.types.chapter,
      type: 'ActivityType',
      inScheme: current,
      prefLabel: { en: 'chapter' },
      definition: { en: 'One chapter of a book, read on its own.' },
      broader: [i.types.book],
    },
    {
      id: i.types.assignment,
      type: 'ActivityType',
      inScheme: current,
      prefLabel: { en: 'reading assignment' },
      definition: { en: 'A text a teacher asked a class to read by a date.' },
    },
    {
      id: i.readingNotes,
      type: 'AttachmentUsageType',
      inScheme: current,
      prefLabel: { en: 'reading notes' },
      definition: { en: 'Notes the reader took while reading, attached as text or PDF.' },
    },
    {
      id: i.documents.bookmark,
      type: 'StateResource',
      inScheme: current,
      prefLabel: { en: 'bookmark' },
      definition: { en: 'Where the reader stopped in a text, kept per reader and book.' },
      contentType: 'application/json',
      inlineSchema: JSON.stringify({
        type: 'object',
        properties: {
          page: { type: 'integer', minimum: 1 },
          position: { type: 'string', description: 'An EPUB CFI within the page.' },
        },
        required: ['page'],
      }),
    },
    {
      id: i.documents.preferences,
      type: 'AgentProfileResource',
      inScheme: current,
      prefLabel: { en: 'reading preferences' },
      definition: {
        en: 'Font size, theme and reading speed a reader chose, shared by every reading app.',
      },
      contentType: 'application/json',
      schema: 'https://example.org/schemas/reading-preferences.json',
    },
    {
      id: i.documents.guide,
      type: 'ActivityProfileResource',
      inScheme: current,
      prefLabel: { en: 'reading guide' },
      definition: { en: 'Questions a teacher attached to a book for readers to think about.' },
      contentType: 'text/markdown',
    },
    {
      id: i.extensions.pagesRead,
      type: 'ResultExtension',
      inScheme: current,
      prefLabel: { en: 'pages read' },
      definition: { en: 'How many pages the reader went through in one sitting.' },
      recommendedVerbs: [i.verbs.read, i.verbs.finished],
      inlineSchema: '{ "type": "integer", "minimum": 0 }',
    },
    {
      id: i.extensions.device,
      type: 'ContextExtension',
      inScheme: current,
      prefLabel: { en: 'reading device' },
      definition: { en: 'What the text was read on.' },
      recommendedVerbs: [i.verbs.opened, i.verbs.read, i.verbs.paused],
      inlineSchema: JSON.stringify({ type: 'string', enum: DEVICES }),
    },
    {
      id: i.extensions.fontSize,
      type: 'ContextExtension',
      inScheme: current,
      prefLabel: { en: 'font size' },
      definition: { en: 'The font size the reader chose, in points.' },
      recommendedVerbs: [i.verbs.opened],
      schema: 'https://example.org/schemas/font-size.json',
    },
    {
      id: i.extensions.pageCount,
      type: 'ActivityExtension',
      inScheme: current,
      prefLabel: { en: 'page count' },
      definition: { en: 'How many pages the text has in its printed edition.' },
      recommendedActivityTypes: [i.types.book, i.types.chapter],
      inlineSchema: '{ "type": "integer", "minimum": 1 }',
    },
    {
      id: i.activities.guide,
      type: 'Activity',
      inScheme: current,
      activityDefinition: {
        '@context': ACTIVITY_CONTEXT,
        type: i.types.book,
        name: { en: 'A Field Guide to Garden Birds' },
        description: { en: 'The book the demo statements read: eight short chapters.' },
        moreInfo: 'https://example.org/books/field-guide',
        extensions: { [i.extensions.pageCount]: 212 },
      },
    },
    {
      id: i.activities.chapter,
      type: 'Activity',
      inScheme: current,
      activityDefinition: {
        '@context': ACTIVITY_CONTEXT,
        type: i.types.chapter,
        name: { en: 'Chapter 1: Sparrows and finches' },
        description: { en: 'The first chapter of the field guide.' },
        extensions: { [i.extensions.pageCount]: 24 },
      },
    },
  ];
  return list;
}

function templates(i: ReadingIris, e: Edition): Json[] {
  const current = i.version(e.version);
  const device = `$.context.extensions['${i.extensions.device}']`;
  const pagesRead = `$.result.extensions['${i.extensions.pagesRead}']`;
  return [
    {
      id: i.templates.opened,
      type: 'StatementTemplate',
      inScheme: current,
      prefLabel: { en: 'opened a book' },
      definition: { en: 'A reader opened a book, at its start or at their bookmark.' },
      verb: i.verbs.opened,
      objectActivityType: i.types.book,
      rules: [
        { location: '$.timestamp', presence: 'included' },
        {
          location: device,
          presence: e.deviceOnOpening,
          any: DEVICES,
          scopeNote: { en: 'What the book was opened on; one of the listed devices.' },
        },
      ],
    },
    {
      id: i.templates.read,
      type: 'StatementTemplate',
      inScheme: current,
      prefLabel: { en: 'read a chapter' },
      definition: { en: 'A reader went through a chapter of the book they opened.' },
      verb: i.verbs.read,
      objectActivityType: i.types.chapter,
      contextParentActivityType: [i.types.book],
      rules: [
        { location: pagesRead, presence: e.pagesReadPresence },
        { location: '$.result.duration', presence: 'recommended' },
      ],
    },
    {
      id: i.templates.paused,
      type: 'StatementTemplate',
      inScheme: current,
      prefLabel: { en: 'paused reading' },
      definition: { en: 'A reader put a book down before its end.' },
      verb: i.verbs.paused,
      objectActivityType: i.types.book,
      rules: [
        {
          location: '$.result.completion',
          presence: 'excluded',
          scopeNote: { en: 'A paused book is neither completed nor failed.' },
        },
      ],
    },
    {
      id: i.templates.finished,
      type: 'StatementTemplate',
      inScheme: current,
      prefLabel: { en: 'finished a book' },
      definition: { en: 'A reader reached the end of a book.' },
      verb: i.verbs.finished,
      objectActivityType: i.types.book,
      attachmentUsageType: [i.readingNotes],
      rules: [
        { location: '$.result.completion', presence: 'included', all: [true] },
        { location: '$.result.success', presence: 'recommended', none: [false] },
        { location: pagesRead, presence: 'included' },
      ],
    },
    {
      id: i.templates.reflected,
      type: 'StatementTemplate',
      inScheme: current,
      prefLabel: { en: 'reflected on a book' },
      definition: {
        en: 'A reader wrote what they made of a book; the statement points at the one saying they finished it.',
      },
      verb: i.verbs.reflected,
      objectStatementRefTemplate: [i.templates.finished],
      rules: [
        {
          location: '$.result.response',
          presence: 'included',
          scopeNote: { en: 'The reflection itself, as the reader wrote it.' },
        },
      ],
    },
  ];
}

function patterns(i: ReadingIris, e: Edition): Json[] {
  const current = i.version(e.version);
  const t = i.templates;
  const p = i.patterns;
  return [
    {
      id: p.session,
      type: 'Pattern',
      primary: true,
      inScheme: current,
      prefLabel: { en: 'reading session' },
      definition: {
        en: 'A reader opens a book, reads and pauses for a while, and may finish it and reflect on it.',
      },
      sequence: [t.opened, p.stretches, p.ending],
    },
    {
      id: p.stretches,
      type: 'Pattern',
      inScheme: current,
      prefLabel: { en: 'stretches of reading' },
      definition: { en: 'One or more chapters read or pauses taken.' },
      oneOrMore: p.readOrPause,
    },
    {
      id: p.readOrPause,
      type: 'Pattern',
      inScheme: current,
      prefLabel: { en: 'read or pause' },
      definition: { en: 'Either a chapter read or a pause.' },
      alternates: [t.read, t.paused],
    },
    {
      id: p.ending,
      type: 'Pattern',
      inScheme: current,
      prefLabel: { en: 'ending' },
      definition: { en: 'A session may end with the book finished, or simply stop.' },
      optional: p.finishAndReflect,
    },
    {
      id: p.finishAndReflect,
      type: 'Pattern',
      inScheme: current,
      prefLabel: { en: 'finish and reflect' },
      definition: { en: 'The book finished, then any number of reflections on it.' },
      sequence: [t.finished, p.reflections],
    },
    {
      id: p.reflections,
      type: 'Pattern',
      inScheme: current,
      prefLabel: { en: 'reflections' },
      definition: { en: 'Any number of reflections, none included.' },
      zeroOrMore: t.reflected,
    },
  ];
}

/** The document of version 1, 2 or 3 of the reading profile whose IRI is `profile`. */
export function readingDocument(profile: string, version: 1 | 2 | 3): Json {
  const i = readingIris(profile);
  const e = EDITIONS[version];
  const versions: Json[] = [];
  for (let n = e.version; n >= 1; n--)
    versions.push({
      id: i.version(n),
      ...(n > 1 ? { wasRevisionOf: [i.version(n - 1)] } : {}),
      generatedAtTime: new Date(Date.UTC(2026, 0, n)).toISOString(),
    });
  return {
    '@context': PROFILE_CONTEXT,
    id: profile,
    type: 'Profile',
    conformsTo: 'https://w3id.org/xapi/profiles#1.0',
    prefLabel: { en: 'Reading Progress', fr: 'Progression de lecture', es: 'Progreso de lectura' },
    definition: {
      en: e.profileDefinition,
      fr: "Décrit comment les plateformes d'apprentissage signalent qu'une personne a ouvert, interrompu, terminé puis commenté une lecture.",
      es: 'Describe cómo las plataformas de aprendizaje informan que una persona abrió, pausó, terminó y comentó una lectura asignada.',
    },
    seeAlso: 'https://github.com/adlnet/xapi-profiles',
    versions,
    author: { type: 'Organization', name: 'Demo Working Group' },
    concepts: concepts(i, e),
    templates: templates(i, e),
    patterns: patterns(i, e),
  };
}

/**
 * What a reading app sent for two readers of the field guide (one session each, following the
 * primary pattern), with a verb, an activity type and a context extension the profile does not
 * define yet: the Import Queue's candidates.
 */
export function readingStatements(profile: string): Json[] {
  const i = readingIris(profile);
  const category = [{ id: i.version(2), objectType: 'Activity' }];
  const book = {
    objectType: 'Activity',
    id: i.activities.guide,
    definition: { type: i.types.book, name: { en: 'A Field Guide to Garden Birds' } },
  };
  const chapter = (n: number) => ({
    objectType: 'Activity',
    id: `${i.activities.guide}-chapter-${n}`,
    definition: { type: i.types.chapter, name: { en: `Chapter ${n}` } },
  });
  const club = {
    objectType: 'Activity',
    id: 'https://reading-club.example.org/clubs/birders',
    definition: { type: 'https://reading-club.example.org/activity-types/book-club' },
  };
  const newExtension = 'https://reading-club.example.org/extensions/reading-light';
  const verb = (iri: string, display: string) => ({ id: iri, display: { en: display } });
  const people = [
    {
      name: 'Ada Reader',
      mbox: 'mailto:ada@example.org',
      registration: 'c0ffee00-0000-4000-8000-000000000001',
    },
    {
      name: 'Bo Reader',
      mbox: 'mailto:bo@example.org',
      registration: 'c0ffee00-0000-4000-8000-000000000002',
    },
  ];
  const statements: Json[] = [];
  people.forEach((person, who) => {
    const actor = { objectType: 'Agent', name: person.name, mbox: person.mbox };
    let minute = 0;
    const add = (id: string, rest: Json, ofProfile = true) => {
      const timestamp = new Date(Date.UTC(2026, 10, 2 + who, 18, minute)).toISOString();
      minute += 7;
      const statement: Json = { id, actor, timestamp, ...rest };
      const context = (statement.context ?? {}) as Json;
      statement.context = {
        ...context,
        registration: person.registration,
        contextActivities: {
          ...((context.contextActivities ?? {}) as Json),
          ...(ofProfile ? { category } : {}),
          other: [club],
        },
      };
      statements.push(statement);
    };
    const n = (k: number) =>
      `5eed0000-0000-4000-8000-00000000${who}${k.toString().padStart(3, '0')}`;
    add(n(1), {
      verb: verb(i.verbs.opened, 'opened'),
      object: book,
      context: {
        extensions: {
          [i.extensions.device]: who === 0 ? 'e-reader' : 'tablet',
          [newExtension]: 'lamp',
        },
      },
    });
    add(n(2), {
      verb: verb(i.verbs.read, 'read'),
      object: chapter(1),
      result: { duration: 'PT18M', extensions: { [i.extensions.pagesRead]: 24 } },
      context: { contextActivities: { parent: [book] } },
    });
    // The app's own statement: it names no version of the profile, so no pattern applies to it.
    add(
      n(3),
      {
        verb: verb('https://reading-club.example.org/verbs/bookmarked', 'bookmarked'),
        object: book,
      },
      false,
    );
    add(n(4), { verb: verb(i.verbs.paused, 'paused'), object: book });
    add(n(5), {
      verb: verb(i.verbs.read, 'read'),
      object: chapter(2),
      result: { extensions: { [i.extensions.pagesRead]: 30 } },
      context: { contextActivities: { parent: [book] } },
    });
    if (who === 0) {
      add(n(6), {
        verb: verb(i.verbs.finished, 'finished'),
        object: book,
        result: { completion: true, success: true, extensions: { [i.extensions.pagesRead]: 158 } },
        attachments: [
          {
            usageType: i.readingNotes,
            display: { en: 'Notes on the field guide' },
            contentType: 'text/plain',
            length: 412,
            sha2: 'a3f1c6e0b2d4f8a1c3e5b7d9f0a2c4e6b8d0f1a3c5e7b9d1f3a5c7e9b0d2f4a6',
            fileUrl: 'https://reading-club.example.org/notes/ada-field-guide.txt',
          },
        ],
      });
      add(n(7), {
        verb: verb(i.verbs.reflected, 'reflected on'),
        object: { objectType: 'StatementRef', id: n(6) },
        result: { response: 'The drawings of finches made the differences easy to remember.' },
      });
    }
  });
  return statements;
}

/** An example statement for each template: the first reader's statements, one per template. */
export function readingExamples(profile: string): Map<string, Json> {
  const i = readingIris(profile);
  const byVerb = new Map<string, Json>();
  for (const statement of readingStatements(profile)) {
    const verb = (statement.verb as Json).id as string;
    if (!byVerb.has(verb)) byVerb.set(verb, statement);
  }
  const t = i.templates;
  const examples = new Map<string, Json>();
  const pairs: Array<[string, string]> = [
    [t.opened, i.verbs.opened],
    [t.read, i.verbs.read],
    [t.paused, i.verbs.paused],
    [t.finished, i.verbs.finished],
    [t.reflected, i.verbs.reflected],
  ];
  for (const [template, verb] of pairs) examples.set(template, byVerb.get(verb)!);
  return examples;
}
