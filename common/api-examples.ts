/**
 * The worked examples of the public API documentation (/api-info). The web pages render them and
 * server/http/api/examples.test.ts runs them, in this order, against the real server — so an
 * example that no longer matches what the server answers fails the tests instead of misleading
 * readers.
 *
 * Values in braces are placeholders (see PLACEHOLDERS): in a request they stand for a value the
 * caller has, in a response for a value the server chooses.
 */

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** The documentation pages that carry examples, by their path under /api-info. */
export type ApiDocPage =
  | 'getting-started'
  | 'post'
  | 'get-single'
  | 'get-by-iri'
  | 'get-many'
  | 'put'
  | 'delete'
  | 'status'
  | 'metadata'
  | 'changes'
  | 'validate'
  | 'validate-templates'
  | 'validate-patterns';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiExample {
  /** Stable and unique; used as the anchor of the example on its page. */
  id: string;
  page: ApiDocPage;
  title: string;
  /** What the example shows, in a sentence or two. */
  description: string;
  request: {
    method: HttpMethod;
    /** From the server root, e.g. `/api/profile/{profile_uuid}`. */
    path: string;
    headers: Record<string, string>;
    /** Sent as JSON. */
    body?: JsonValue;
    /**
     * Sent form-encoded (application/x-www-form-urlencoded) instead: a string field as it is, any
     * other value as its JSON text.
     */
    form?: Record<string, JsonValue>;
  };
  response: {
    status: number;
    /** Headers the answer carries (it may carry others). */
    headers?: Record<string, string>;
    /** The JSON body; absent when the answer has none (304) or is text. */
    body?: JsonValue;
    /** A text body (Turtle), line by line; a line that is only ELISION stands for lines left out. */
    text?: string;
  };
}

/** A line of a text body standing for lines left out. */
export const ELISION = '…';

/**
 * How a placeholder gets its value: `given` by the caller (an API key); `id` from the first answer
 * that shows it, the same in every later one; `latest` from the most recent answer that shows it
 * (Last-Modified, ETag); `any` differs every time (dates) and is never sent back.
 */
export type PlaceholderKind = 'given' | 'id' | 'latest' | 'any';

export interface Placeholder {
  kind: PlaceholderKind;
  meaning: string;
}

export const PLACEHOLDERS = {
  site: { kind: 'id', meaning: 'The address of this server.' },
  api_key: {
    kind: 'given',
    meaning: 'An API key of your working group with read and write permission.',
  },
  profile_uuid: {
    kind: 'id',
    meaning:
      'The uuid of the Reading profile: the last part of profile_url in the answer to its import.',
  },
  version_uuid: {
    kind: 'id',
    meaning:
      'The uuid of version 1 of the Reading profile (version_uuid in the answer to its import).',
  },
  draft_uuid: {
    kind: 'id',
    meaning: 'The uuid of the draft of version 2 of the Reading profile.',
  },
  new_profile_uuid: {
    kind: 'id',
    meaning: 'The uuid of the Library Visits profile, imported as a draft.',
  },
  new_version_uuid: {
    kind: 'id',
    meaning: 'The uuid of version 1 of the Library Visits profile.',
  },
  working_group_uuid: { kind: 'id', meaning: 'The uuid of the working group of your key.' },
  working_group_name: { kind: 'id', meaning: 'The name of that working group.' },
  working_group_url: { kind: 'id', meaning: 'The collaboration link of that working group.' },
  last_modified: {
    kind: 'latest',
    meaning: 'The Last-Modified header of your latest GET or POST of that version (an HTTP date).',
  },
  etag: { kind: 'latest', meaning: 'The ETag header of your latest GET of that document.' },
  date_time: {
    kind: 'any',
    meaning: 'A date and time chosen by the server, in ISO 8601 (e.g. 2025-10-07T10:45:59.123Z).',
  },
  http_date: {
    kind: 'any',
    meaning:
      'A date and time chosen by the server, as an HTTP date (e.g. Tue, 07 Oct 2025 10:45:59 GMT).',
  },
} satisfies Record<string, Placeholder>;

export type PlaceholderName = keyof typeof PLACEHOLDERS;

/** The text a form field carries: a string as it is, any other value as compact JSON. */
export const formFieldText = (value: JsonValue): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/** Matches `{name}`; the name is the first group. */
export const PLACEHOLDER_PATTERN = /\{([a-z_]+)\}/g;

/** Replaces the placeholders `values` knows; the others stay as they are. */
export function fillPlaceholders(text: string, values: Partial<Record<string, string>>): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) => values[name] ?? whole);
}

// ---------------------------------------------------------------------------------------------
// The example profiles: small, but valid (the validate example proves it).

const CONTEXT = 'https://w3id.org/xapi/profiles/context';
const CONFORMS_TO = 'https://w3id.org/xapi/profiles#1.0';

export const READING_IRI = 'https://example.org/xapi/reading';
export const READING_V1_IRI = `${READING_IRI}/v1`;
export const READING_V2_IRI = `${READING_IRI}/v2`;
export const LIBRARY_IRI = 'https://example.org/xapi/library-visits';

const AUTHOR: JsonObject = { type: 'Organization', name: 'Example Reading Group' };

const FINISHED: JsonObject = {
  id: `${READING_IRI}/verbs/finished`,
  type: 'Verb',
  inScheme: READING_V1_IRI,
  prefLabel: { en: 'finished' },
  definition: { en: 'Read a book to its last page.' },
};

const BOOK: JsonObject = {
  id: `${READING_IRI}/activity-types/book`,
  type: 'ActivityType',
  inScheme: READING_V1_IRI,
  prefLabel: { en: 'book' },
  definition: { en: 'A printed or electronic book.' },
};

const FINISHED_A_BOOK: JsonObject = {
  id: `${READING_IRI}/templates/finished-book`,
  type: 'StatementTemplate',
  inScheme: READING_V1_IRI,
  prefLabel: { en: 'finished a book' },
  definition: { en: 'Someone finished reading a book.' },
  verb: FINISHED.id as string,
  objectActivityType: BOOK.id as string,
};

const STARTED: JsonObject = {
  id: `${READING_IRI}/verbs/started`,
  type: 'Verb',
  inScheme: READING_V2_IRI,
  prefLabel: { en: 'started' },
  definition: { en: 'Read the first page of a book.' },
};

const STARTED_A_BOOK: JsonObject = {
  id: `${READING_IRI}/templates/started-book`,
  type: 'StatementTemplate',
  inScheme: READING_V2_IRI,
  prefLabel: { en: 'started a book' },
  definition: { en: 'Someone started reading a book.' },
  verb: STARTED.id as string,
  objectActivityType: BOOK.id as string,
};

/** An item of version 1 as version 2's document carries it: naming the version it describes. */
const inV2 = (item: JsonObject): JsonObject => ({ ...item, inScheme: READING_V2_IRI });

const READING_HEADER = {
  '@context': CONTEXT,
  id: READING_IRI,
  type: 'Profile',
  conformsTo: CONFORMS_TO,
  prefLabel: { en: 'Reading' },
  definition: { en: 'Statements about reading books.' },
} satisfies JsonObject;

/** Version 1 of the Reading profile: two concepts and a statement template. */
export const READING_V1: JsonObject = {
  ...READING_HEADER,
  versions: [{ id: READING_V1_IRI, generatedAtTime: '2025-01-15T09:00:00Z' }],
  author: AUTHOR,
  concepts: [FINISHED, BOOK],
  templates: [FINISHED_A_BOOK],
};

const READING_V2_VERSIONS: JsonValue = [
  { id: READING_V2_IRI, wasRevisionOf: [READING_V1_IRI], generatedAtTime: '2025-03-01T09:00:00Z' },
  { id: READING_V1_IRI, generatedAtTime: '2025-01-15T09:00:00Z' },
];

/** Version 2 continues version 1 (versions[1] is v1, v2 wasRevisionOf v1) and adds a verb. */
export const READING_V2: JsonObject = {
  ...READING_HEADER,
  versions: READING_V2_VERSIONS,
  author: AUTHOR,
  concepts: [inV2(FINISHED), inV2(BOOK), STARTED],
  templates: [inV2(FINISHED_A_BOOK)],
};

/** The draft of version 2 after an edit: a second statement template. */
export const READING_V2_EDITED: JsonObject = {
  ...READING_V2,
  templates: [inV2(FINISHED_A_BOOK), STARTED_A_BOOK],
};

/** About the smallest valid profile: no concepts, templates or patterns yet. */
export const LIBRARY_VISITS: JsonObject = {
  '@context': CONTEXT,
  id: LIBRARY_IRI,
  type: 'Profile',
  conformsTo: CONFORMS_TO,
  prefLabel: { en: 'Library Visits' },
  definition: { en: 'Statements about visits to a library.' },
  versions: [{ id: `${LIBRARY_IRI}/v1`, generatedAtTime: '2025-02-01T09:00:00Z' }],
  author: AUTHOR,
};

/** The Book Club profile, for checking statements: two templates and a primary pattern. */
export const BOOK_CLUB_IRI = 'https://example.org/xapi/book-club';
const CLUB_V1 = `${BOOK_CLUB_IRI}/v1`;
const CLUB_MEETING = `${BOOK_CLUB_IRI}/activity-types/meeting`;

const clubConcept = (kind: string, type: string, name: string, definition: string): JsonObject => ({
  id: `${BOOK_CLUB_IRI}/${kind}/${name}`,
  type,
  inScheme: CLUB_V1,
  prefLabel: { en: name },
  definition: { en: definition },
});

const clubTemplate = (verb: string, definition: string): JsonObject => ({
  id: `${BOOK_CLUB_IRI}/templates/${verb}`,
  type: 'StatementTemplate',
  inScheme: CLUB_V1,
  prefLabel: { en: `${verb} a meeting` },
  definition: { en: definition },
  verb: `${BOOK_CLUB_IRI}/verbs/${verb}`,
  objectActivityType: CLUB_MEETING,
  rules: [
    {
      location: '$.context.registration',
      presence: 'included',
      scopeNote: { en: 'The registration groups the statements of one meeting.' },
    },
  ],
});

export const BOOK_CLUB: JsonObject = {
  '@context': CONTEXT,
  id: BOOK_CLUB_IRI,
  type: 'Profile',
  conformsTo: CONFORMS_TO,
  prefLabel: { en: 'Book Club' },
  definition: { en: 'Statements about book club meetings.' },
  versions: [{ id: CLUB_V1, generatedAtTime: '2025-04-01T09:00:00Z' }],
  author: AUTHOR,
  concepts: [
    clubConcept('verbs', 'Verb', 'joined', 'Joined a meeting.'),
    clubConcept('verbs', 'Verb', 'left', 'Left a meeting.'),
    clubConcept('activity-types', 'ActivityType', 'meeting', 'A meeting of the club.'),
  ],
  templates: [
    clubTemplate('joined', 'Someone joined a meeting.'),
    clubTemplate('left', 'Someone left a meeting.'),
  ],
  patterns: [
    {
      id: `${BOOK_CLUB_IRI}/patterns/attendance`,
      type: 'Pattern',
      primary: true,
      inScheme: CLUB_V1,
      prefLabel: { en: 'attendance' },
      definition: { en: 'Joining a meeting, then leaving it.' },
      sequence: [`${BOOK_CLUB_IRI}/templates/joined`, `${BOOK_CLUB_IRI}/templates/left`],
    },
  ],
};

const MEETING_REGISTRATION = '6f1e0b52-2d5a-4c1b-9a57-3c1f0e4a8b21';

/** A statement of the Book Club profile: `verb` is joined or left. */
export function clubStatement(
  verb: string,
  timestamp: string,
  context: JsonObject = { registration: MEETING_REGISTRATION },
): JsonObject {
  return {
    actor: { mbox: 'mailto:reader@example.org' },
    verb: { id: `${BOOK_CLUB_IRI}/verbs/${verb}` },
    object: {
      id: 'https://example.org/meetings/2025-04-10',
      definition: { type: CLUB_MEETING },
    },
    context: {
      ...context,
      contextActivities: { category: [{ id: CLUB_V1 }] },
    },
    timestamp,
  };
}

/** Not valid: conformsTo, the version of the specification, is missing. */
export const INVALID_PROFILE: JsonObject = Object.fromEntries(
  Object.entries(LIBRARY_VISITS).filter(([key]) => key !== 'conformsTo'),
);

// ---------------------------------------------------------------------------------------------
// The answers the examples expect.

const JSON_TYPE = { 'Content-Type': 'application/json' };
const WITH_KEY = { 'x-api-key': '{api_key}' };

/** Change counts of a kind with nothing changed, in a comparison. */
const NO_CHANGES = { added: 0, removed: 0, renamed: 0, deprecated: 0, undeprecated: 0, changed: 0 };

const WORKING_GROUP: JsonObject = {
  name: '{working_group_name}',
  url: '{working_group_url}',
  uuid: '{working_group_uuid}',
};

function metadata(
  version: {
    profileUuid: string;
    versionUuid: string;
    profileIri: string;
    versionIri: string;
    name: string;
    number: number;
    counts: [templates: number, concepts: number, patterns: number];
  },
  status: JsonObject,
): JsonObject {
  const [templates, concepts, patterns] = version.counts;
  return {
    profile_url: `{site}/profile/${version.profileUuid}`,
    profile_id: version.profileIri,
    version_url: `{site}/profile/${version.profileUuid}/version/${version.versionUuid}`,
    version_id: version.versionIri,
    version_uuid: version.versionUuid,
    name: version.name,
    version: version.number,
    template_count: templates,
    concept_count: concepts,
    pattern_count: patterns,
    updated: '{date_time}',
    working_group: WORKING_GROUP,
    status,
  };
}

const PUBLISHED = { published: true, verified: false, verificationRequest: null };
const DRAFT = { published: false, verified: false, verificationRequest: null };

const READING_V1_METADATA = metadata(
  {
    profileUuid: '{profile_uuid}',
    versionUuid: '{version_uuid}',
    profileIri: READING_IRI,
    versionIri: READING_V1_IRI,
    name: 'Reading',
    number: 1,
    counts: [1, 2, 0],
  },
  PUBLISHED,
);

const readingV2Metadata = (templates: number) =>
  metadata(
    {
      profileUuid: '{profile_uuid}',
      versionUuid: '{draft_uuid}',
      profileIri: READING_IRI,
      versionIri: READING_V2_IRI,
      name: 'Reading',
      number: 2,
      counts: [templates, 3, 0],
    },
    DRAFT,
  );

const DOCUMENT_HEADERS = {
  'Content-Type': 'application/ld+json; charset=utf-8',
  'Last-Modified': '{last_modified}',
  ETag: '{etag}',
};

const VALIDATION_FAILED = {
  success: false,
  message: 'The profile is not valid: 1 error found.',
  code: 'VALIDATION_FAILED',
  findings: [
    {
      ruleId: 'B4',
      severity: 'error',
      path: '',
      message: 'Missing "conformsTo": the specification version is required.',
    },
  ],
};

const byIri = (iri: string) => `/api/profile?iri=${encodeURIComponent(iri)}`;

/** Every example, in the order the test runs them: later ones use what earlier ones made. */
export const API_EXAMPLES: ApiExample[] = [
  {
    id: 'unknown-key',
    page: 'getting-started',
    title: 'A call with an unknown key',
    description:
      'A key that does not exist, or that its working group disabled, is refused before anything else happens — even on a call that needs no key.',
    request: {
      method: 'GET',
      path: '/api/profile',
      headers: { 'x-api-key': '00000000-0000-0000-0000-000000000000' },
    },
    response: {
      status: 401,
      body: {
        success: false,
        message: 'The API key is unknown or disabled.',
        code: 'UNAUTHORIZED',
      },
    },
  },
  {
    id: 'validate-valid',
    page: 'validate',
    title: 'A valid profile',
    description:
      'The document itself is the body; no key is needed. Warnings, if any, point at things worth fixing that do not make the profile invalid.',
    request: { method: 'POST', path: '/api/validate', headers: JSON_TYPE, body: READING_V1 },
    response: {
      status: 200,
      body: { success: true, message: 'Validation successful.', warnings: [] },
    },
  },
  {
    id: 'validate-invalid',
    page: 'validate',
    title: 'An invalid profile',
    description:
      'The document may also be wrapped as { "profile": … }, as for an import. Each finding names the rule of the specification, where the problem is (a JSON Pointer) and what to do.',
    request: {
      method: 'POST',
      path: '/api/validate',
      headers: JSON_TYPE,
      body: { profile: INVALID_PROFILE },
    },
    response: { status: 400, body: VALIDATION_FAILED },
  },
  {
    id: 'import',
    page: 'post',
    title: 'Import a new profile',
    description:
      'The IRI is new on this server, so a profile is created in the working group of the key, and its version is published.',
    request: {
      method: 'POST',
      path: '/api/profile',
      headers: { ...WITH_KEY, ...JSON_TYPE },
      body: { profile: READING_V1 },
    },
    response: {
      status: 200,
      headers: { 'Last-Modified': '{last_modified}' },
      body: { success: true, metadata: READING_V1_METADATA },
    },
  },
  {
    id: 'import-invalid',
    page: 'post',
    title: 'Import an invalid profile',
    description: 'Nothing is stored; the findings say what to fix.',
    request: {
      method: 'POST',
      path: '/api/profile',
      headers: { ...WITH_KEY, ...JSON_TYPE },
      body: { profile: INVALID_PROFILE },
    },
    response: { status: 400, body: VALIDATION_FAILED },
  },
  {
    id: 'import-conflict',
    page: 'post',
    title: 'Import a version that already exists',
    description:
      'Sending the same document again is refused: the IRI of its version is taken. Other conflicts: the IRI is taken by a profile of another working group, or the profile already has a draft.',
    request: {
      method: 'POST',
      path: '/api/profile',
      headers: { ...WITH_KEY, ...JSON_TYPE },
      body: { profile: READING_V1 },
    },
    response: {
      status: 409,
      body: {
        success: false,
        message: `A profile version with the IRI ${READING_V1_IRI} already exists.`,
        code: 'CONFLICT',
      },
    },
  },
  {
    id: 'get-single',
    page: 'get-single',
    title: 'Get a profile',
    description:
      'A profile uuid gives its current published version. Keep Last-Modified and ETag for later requests.',
    request: {
      method: 'GET',
      path: '/api/profile/{profile_uuid}',
      headers: { Accept: 'application/ld+json' },
    },
    response: { status: 200, headers: DOCUMENT_HEADERS, body: READING_V1 },
  },
  {
    id: 'get-single-not-modified',
    page: 'get-single',
    title: 'Ask again only if it changed',
    description:
      'With the ETag of the copy you have in If-None-Match (or its Last-Modified in If-Modified-Since), an unchanged document is answered with 304 and no body.',
    request: {
      method: 'GET',
      path: '/api/profile/{profile_uuid}',
      headers: { Accept: 'application/ld+json', 'If-None-Match': '{etag}' },
    },
    response: { status: 304, headers: { ETag: '{etag}', 'Last-Modified': '{last_modified}' } },
  },
  {
    id: 'get-single-turtle',
    page: 'get-single',
    title: 'Get a version as Turtle',
    description:
      'A version uuid gives that version. Accept: text/turtle gives the same data as RDF Turtle (shortened here).',
    request: {
      method: 'GET',
      path: '/api/profile/{version_uuid}',
      headers: { Accept: 'text/turtle' },
    },
    response: {
      status: 200,
      headers: { 'Content-Type': 'text/turtle; charset=utf-8', 'Last-Modified': '{last_modified}' },
      text: [
        '@prefix prof: <https://w3id.org/xapi/profiles/ontology#> .',
        '@prefix skos: <http://www.w3.org/2004/02/skos/core#> .',
        ELISION,
        `<${READING_IRI}/verbs/finished> skos:prefLabel "finished"@en ;`,
        `\tskos:inScheme <${READING_V1_IRI}> ;`,
        '\tskos:definition "Read a book to its last page."@en ;',
        '\ta xapi:Verb .',
        ELISION,
      ].join('\n'),
    },
  },
  {
    id: 'get-by-iri',
    page: 'get-by-iri',
    title: 'Get a profile by its IRI',
    description:
      'The IRI goes in the query, URL-encoded. A profile IRI gives the current published version.',
    request: { method: 'GET', path: byIri(READING_IRI), headers: {} },
    response: {
      status: 200,
      headers: { 'Last-Modified': '{last_modified}', ETag: '{etag}' },
      body: READING_V1,
    },
  },
  {
    id: 'get-by-version-iri',
    page: 'get-by-iri',
    title: 'Get a version by its IRI',
    description:
      'A version IRI gives that version. The IRI of a draft is found only with a read key of its working group.',
    request: { method: 'GET', path: byIri(READING_V1_IRI), headers: {} },
    response: { status: 200, headers: { 'Last-Modified': '{last_modified}' }, body: READING_V1 },
  },
  {
    id: 'get-many',
    page: 'get-many',
    title: 'List the profiles of a working group',
    description:
      'The metadata of every published profile of the group, ten to a page. Leave out workinggroup to list every published profile of the server.',
    request: {
      method: 'GET',
      path: '/api/profile?workinggroup={working_group_uuid}&limit=10&page=1',
      headers: {},
    },
    response: {
      status: 200,
      body: { success: true, metadata: [READING_V1_METADATA], page: 1, limit: 10, total: 1 },
    },
  },
  {
    id: 'metadata',
    page: 'metadata',
    title: 'Metadata of a profile',
    description: 'A profile uuid describes its current published version.',
    request: { method: 'GET', path: '/api/profile/{profile_uuid}/meta', headers: {} },
    response: {
      status: 200,
      headers: { 'Last-Modified': '{last_modified}' },
      body: { success: true, metadata: READING_V1_METADATA },
    },
  },
  {
    id: 'metadata-alias',
    page: 'metadata',
    title: 'Metadata of a version, with the longer path',
    description: '/metadata is another name for /meta; a version uuid describes that version.',
    request: { method: 'GET', path: '/api/profile/{version_uuid}/metadata', headers: {} },
    response: { status: 200, body: { success: true, metadata: READING_V1_METADATA } },
  },
  {
    id: 'import-next-version-draft',
    page: 'post',
    title: 'Import the next version as a draft',
    description:
      'The IRI belongs to a profile of your group, so the document becomes its next version. Its versions list must continue the stored history: versions[1] is the current published version and versions[0].wasRevisionOf includes it. With status.published false it stays a draft that only your group can see.',
    request: {
      method: 'POST',
      path: '/api/profile',
      headers: { ...WITH_KEY, ...JSON_TYPE },
      body: { profile: READING_V2, status: { published: false } },
    },
    response: {
      status: 200,
      headers: { 'Last-Modified': '{last_modified}' },
      body: { success: true, metadata: readingV2Metadata(1) },
    },
  },
  {
    id: 'get-draft',
    page: 'get-single',
    title: 'Get a draft',
    description: 'A draft is visible only with a read key of its working group.',
    request: {
      method: 'GET',
      path: '/api/profile/{draft_uuid}',
      headers: { ...WITH_KEY, Accept: 'application/ld+json' },
    },
    response: { status: 200, headers: DOCUMENT_HEADERS, body: READING_V2 },
  },
  {
    id: 'get-draft-without-key',
    page: 'get-single',
    title: 'Get a draft without a key',
    description: 'To everyone else a draft does not exist.',
    request: { method: 'GET', path: '/api/profile/{draft_uuid}', headers: {} },
    response: {
      status: 404,
      body: { success: false, message: 'Profile not found.', code: 'NOT_FOUND' },
    },
  },
  {
    id: 'changes-draft',
    page: 'changes',
    title: 'What the draft changes',
    description:
      'Version 1 compared with the draft of version 2 (a draft needs a read key of its group). The draft adds one verb: an additive change, so the suggested next number only moves the ADDITION part. Send Accept: text/markdown for the same changelog as Markdown.',
    request: {
      method: 'GET',
      path: '/api/profile/{profile_uuid}/changes?from={version_uuid}&to={draft_uuid}',
      headers: WITH_KEY,
    },
    response: {
      status: 200,
      body: {
        success: true,
        from: { uuid: '{version_uuid}', version: 1, state: 'published', iri: READING_V1_IRI },
        to: { uuid: '{draft_uuid}', version: 2, state: 'draft', iri: READING_V2_IRI },
        changes: {
          from: { id: READING_V1_IRI, version: '1.0.0', label: 'Reading' },
          to: { id: READING_V2_IRI, version: '2.0.0', label: 'Reading' },
          impact: 'additive',
          profile: [],
          items: [
            {
              kind: 'concept',
              id: `${READING_IRI}/verbs/started`,
              type: 'Verb',
              label: 'started',
              change: 'added',
              impact: 'additive',
              fields: [],
            },
          ],
          counts: {
            byImpact: { breaking: 0, additive: 1, editorial: 0 },
            concept: { ...NO_CHANGES, added: 1 },
            template: NO_CHANGES,
            pattern: NO_CHANGES,
          },
          suggestedVersion: {
            from: '1.0.0',
            part: 'ADDITION',
            next: '1.0.1',
            reason: 'The only changes are new items.',
          },
          warnings: [],
        },
      },
    },
  },
  {
    id: 'edit-without-precondition',
    page: 'put',
    title: 'Edit without If-Match or If-Unmodified-Since',
    description:
      'An edit must say which state of the draft it replaces: its ETag (If-Match) or its Last-Modified (If-Unmodified-Since).',
    request: {
      method: 'PUT',
      path: '/api/profile/{draft_uuid}',
      headers: { ...WITH_KEY, ...JSON_TYPE },
      body: { profile: READING_V2_EDITED },
    },
    response: {
      status: 428,
      body: {
        success: false,
        message:
          'This request requires an If-Match or If-Unmodified-Since header: send the ETag or the Last-Modified value of your last GET or POST of this profile.',
        code: 'PRECONDITION_REQUIRED',
      },
    },
  },
  {
    id: 'edit-stale',
    page: 'put',
    title: 'Edit a draft that changed in the meantime',
    description:
      'The draft was modified after the given date — by someone else, or by an earlier call of yours — so the edit is refused rather than silently undoing that change.',
    request: {
      method: 'PUT',
      path: '/api/profile/{draft_uuid}',
      headers: {
        ...WITH_KEY,
        ...JSON_TYPE,
        'If-Unmodified-Since': 'Mon, 01 Jan 2024 00:00:00 GMT',
      },
      body: { profile: READING_V2_EDITED },
    },
    response: {
      status: 412,
      body: {
        success: false,
        message:
          'The profile was modified since the given date (it was last modified {http_date}); GET it again and retry.',
        code: 'PRECONDITION_FAILED',
      },
    },
  },
  {
    id: 'edit',
    page: 'put',
    title: 'Edit a draft',
    description:
      'The document replaces the draft (here it adds a statement template); the draft stays a draft.',
    request: {
      method: 'PUT',
      path: '/api/profile/{draft_uuid}',
      headers: { ...WITH_KEY, ...JSON_TYPE, 'If-Unmodified-Since': '{last_modified}' },
      body: { profile: READING_V2_EDITED },
    },
    response: {
      status: 200,
      headers: { 'Last-Modified': '{last_modified}' },
      body: { success: true, metadata: readingV2Metadata(2) },
    },
  },
  {
    id: 'delete-published',
    page: 'delete',
    title: 'Delete a published version',
    description: 'Published versions are permanent.',
    request: { method: 'DELETE', path: '/api/profile/{version_uuid}', headers: WITH_KEY },
    response: {
      status: 405,
      body: {
        success: false,
        message: 'Not Allowed: only drafts can be deleted.',
        code: 'METHOD_NOT_ALLOWED',
      },
    },
  },
  {
    id: 'delete-draft',
    page: 'delete',
    title: 'Delete a draft',
    description:
      'The draft of version 2 goes; version 1 stays published, and the next version imported is number 2 again.',
    request: { method: 'DELETE', path: '/api/profile/{draft_uuid}', headers: WITH_KEY },
    response: {
      status: 200,
      body: { success: true, message: 'The draft was successfully deleted.' },
    },
  },
  {
    id: 'import-new-draft',
    page: 'post',
    title: 'Import a new profile as a draft',
    description:
      'A profile can start as a draft, to be published later with Update Profile Status. This is about the smallest valid profile.',
    request: {
      method: 'POST',
      path: '/api/profile',
      headers: { ...WITH_KEY, ...JSON_TYPE },
      body: { profile: LIBRARY_VISITS, status: { published: false } },
    },
    response: {
      status: 200,
      headers: { 'Last-Modified': '{last_modified}' },
      body: {
        success: true,
        metadata: metadata(
          {
            profileUuid: '{new_profile_uuid}',
            versionUuid: '{new_version_uuid}',
            profileIri: LIBRARY_IRI,
            versionIri: `${LIBRARY_IRI}/v1`,
            name: 'Library Visits',
            number: 1,
            counts: [0, 0, 0],
          },
          DRAFT,
        ),
      },
    },
  },
  {
    id: 'status-publish',
    page: 'status',
    title: 'Publish a draft',
    description: 'A profile uuid stands for its draft. Once published, the version is public.',
    request: {
      method: 'POST',
      path: '/api/profile/{new_profile_uuid}/status',
      headers: { ...WITH_KEY, ...JSON_TYPE },
      body: { published: true },
    },
    response: { status: 200, body: { success: true, status: PUBLISHED } },
  },
  {
    id: 'status-verification',
    page: 'status',
    title: 'Ask for verification',
    description:
      'Any date and time asks the site admins to review the published version; the answer carries the time the request was recorded.',
    request: {
      method: 'POST',
      path: '/api/profile/{new_profile_uuid}/status',
      headers: { ...WITH_KEY, ...JSON_TYPE },
      body: { verificationRequest: '2025-02-02T09:00:00Z' },
    },
    response: {
      status: 200,
      body: {
        success: true,
        status: { published: true, verified: false, verificationRequest: '{date_time}' },
      },
    },
  },
  {
    id: 'status-verified',
    page: 'status',
    title: 'Try to verify',
    description: 'Only site admins verify profiles.',
    request: {
      method: 'POST',
      path: '/api/profile/{new_profile_uuid}/status',
      headers: { ...WITH_KEY, ...JSON_TYPE },
      body: { verified: true },
    },
    response: {
      status: 400,
      body: {
        success: false,
        message: 'verified cannot be set through the API; site admins verify profiles.',
        code: 'BAD_REQUEST',
      },
    },
  },
  {
    id: 'validate-templates-import',
    page: 'validate-templates',
    title: 'A profile to check statements against',
    description:
      'Statements are checked against a profile published on this server. The examples of this page and of Validate Statements (Patterns) use the Book Club profile: two templates whose rule asks for a registration, and a primary pattern.',
    request: {
      method: 'POST',
      path: '/api/profile',
      headers: { ...WITH_KEY, ...JSON_TYPE },
      body: { profile: BOOK_CLUB },
    },
    response: { status: 200, body: { success: true } },
  },
  {
    id: 'validate-templates-valid',
    page: 'validate-templates',
    title: 'A statement that follows the templates',
    description:
      'As the xAPI Profiles specification describes it: POST variables, each a JSON text. The answer has no body.',
    request: {
      method: 'POST',
      path: '/api/validate_templates',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      form: {
        statement: clubStatement('joined', '2025-04-10T18:00:00Z'),
        profile: BOOK_CLUB_IRI,
      },
    },
    response: { status: 204 },
  },
  {
    id: 'validate-templates-invalid',
    page: 'validate-templates',
    title: 'A statement that breaks a rule',
    description:
      'A JSON body works too, with the statement as an object. The joined template applies (its verb and object activity type match) but its rule asks for a registration: the answer names the template and the rule, with the values found and what the rule required.',
    request: {
      method: 'POST',
      path: '/api/validate_templates',
      headers: JSON_TYPE,
      body: { statement: clubStatement('joined', '2025-04-10T18:00:00Z', {}), profile: CLUB_V1 },
    },
    response: {
      status: 400,
      body: {
        success: false,
        code: 'STATEMENT_INVALID',
        message: `The statement does not follow the template ${BOOK_CLUB_IRI}/templates/joined: Rule 1 at $.context.registration: nothing was found, and the rule requires it to be included.`,
        outcome: 'invalid',
        matched: [],
        failed: [`${BOOK_CLUB_IRI}/templates/joined`],
        templates: [
          {
            templateId: `${BOOK_CLUB_IRI}/templates/joined`,
            applies: true,
            passed: false,
            failedRules: [
              {
                ruleIndex: 0,
                location: '$.context.registration',
                values: [],
                required: { presence: 'included' },
              },
            ],
          },
        ],
      },
    },
  },
  {
    id: 'validate-templates-unknown-profile',
    page: 'validate-templates',
    title: 'A profile not published here',
    description: 'Only published versions of profiles hosted on this server can be used.',
    request: {
      method: 'POST',
      path: '/api/validate_templates',
      headers: JSON_TYPE,
      body: {
        statement: clubStatement('joined', '2025-04-10T18:00:00Z'),
        profile: 'https://example.org/xapi/unknown',
      },
    },
    response: {
      status: 404,
      body: {
        success: false,
        code: 'NOT_FOUND',
        message:
          'No published profile hosted here has the IRI https://example.org/xapi/unknown (profile or version IRI).',
      },
    },
  },
  {
    id: 'validate-patterns-valid',
    page: 'validate-patterns',
    title: 'Statements that follow a pattern',
    description:
      'The statements of one registration, in any order in the array: they are ordered by timestamp. Joined, then left, is the attendance pattern.',
    request: {
      method: 'POST',
      path: '/api/validate_patterns',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      form: {
        statements: [
          clubStatement('left', '2025-04-10T19:30:00Z'),
          clubStatement('joined', '2025-04-10T18:00:00Z'),
        ],
        profile: BOOK_CLUB_IRI,
      },
    },
    response: { status: 204 },
  },
  {
    id: 'validate-patterns-invalid',
    page: 'validate-patterns',
    title: 'Statements that stop half-way',
    description:
      'Joining without leaving: every statement follows its template, but the attendance pattern ran out of statements. That is partial, not followed yet: PATTERNS_INCOMPLETE, with what the registration expects next and, per primary pattern, its outcome and how far it got.',
    request: {
      method: 'POST',
      path: '/api/validate_patterns',
      headers: JSON_TYPE,
      body: {
        statements: [clubStatement('joined', '2025-04-10T18:00:00Z')],
        profile: BOOK_CLUB_IRI,
      },
    },
    response: {
      status: 400,
      body: {
        success: false,
        code: 'PATTERNS_INCOMPLETE',
        message: `In registration ${MEETING_REGISTRATION}, the statements stopped part way: ${BOOK_CLUB_IRI}/patterns/attendance is still open after statement 0 and expects next ${BOOK_CLUB_IRI}/templates/left. Not followed yet.`,
        outcome: 'partial',
        semantics: 'greedy',
        streams: [
          {
            registration: MEETING_REGISTRATION,
            statements: [0],
            notValidated: [],
            outcome: 'partial',
            patternId: `${BOOK_CLUB_IRI}/patterns/attendance`,
            expected: [`${BOOK_CLUB_IRI}/templates/left`],
            patterns: [
              {
                patternId: `${BOOK_CLUB_IRI}/patterns/attendance`,
                outcome: 'partial',
                remaining: 0,
              },
            ],
            followed: false,
          },
        ],
        skipped: [],
        rejected: [],
      },
    },
  },
  {
    id: 'validate-patterns-left-over',
    page: 'validate-patterns',
    title: 'Statements left over',
    description:
      'Leaving twice: the attendance pattern ends after the first leave, so the second is left over. No statement added can mend that: PATTERNS_NOT_FOLLOWED, with the reason.',
    request: {
      method: 'POST',
      path: '/api/validate_patterns',
      headers: JSON_TYPE,
      body: {
        statements: [
          clubStatement('joined', '2025-04-10T18:00:00Z'),
          clubStatement('left', '2025-04-10T19:30:00Z'),
          clubStatement('left', '2025-04-10T19:31:00Z'),
        ],
        profile: BOOK_CLUB_IRI,
      },
    },
    response: {
      status: 400,
      body: {
        success: false,
        code: 'PATTERNS_NOT_FOLLOWED',
        message: `In registration ${MEETING_REGISTRATION}, ${BOOK_CLUB_IRI}/patterns/attendance ended before the statements did: 1 left over, from statement 2.`,
        outcome: 'not-followed',
        streams: [
          {
            registration: MEETING_REGISTRATION,
            statements: [0, 1, 2],
            outcome: 'not-followed',
            reason: 'left-over',
            patternId: `${BOOK_CLUB_IRI}/patterns/attendance`,
            patterns: [
              {
                patternId: `${BOOK_CLUB_IRI}/patterns/attendance`,
                outcome: 'success',
                remaining: 1,
              },
            ],
          },
        ],
      },
    },
  },
];

export const examplesOf = (page: ApiDocPage): ApiExample[] =>
  API_EXAMPLES.filter((example) => example.page === page);
