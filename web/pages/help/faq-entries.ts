import {
  apiInfoPath,
  createOrganizationPath,
  helpPath,
  organizationsPath,
  searchPath,
} from '../../lib/paths';
/** A link shown under a FAQ answer, pointing to a page of this site. */
export interface FaqLink {
  label: string;
  to: string;
}

/** One question of the FAQ page. */
export interface FaqEntry {
  /** Stable key, used as the accordion value. */
  id: string;
  question: string;
  /** The answer, one string per paragraph. */
  answer: readonly string[];
  links?: readonly FaqLink[];
}

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 'delete-concept',
    question: 'How do I delete a concept?',
    answer: [
      'Once a concept has been published it cannot be deleted. Other profiles, statement templates and recorded statements may already depend on its IRI, and removing it would leave them pointing at nothing.',
      'Instead, deprecate it: open the concept while editing the current version of your profile and choose Deprecate. Give a reason and, if there is one, a link to the concept that replaces it. Deprecated concepts stay readable but are marked as deprecated and can no longer be edited or added to new work.',
      'Site staff periodically remove deprecated concepts that no other profile references. A concept that has only ever existed in an unpublished draft can still be deleted by a member of the working group.',
    ],
  },
  {
    id: 'what-is-an-iri',
    question: 'What is an IRI, and how should I choose one?',
    answer: [
      'An IRI (Internationalized Resource Identifier) is a web address used as a globally unique name. Every profile, concept, statement template and pattern has one, and statements refer to verbs, activity types and extensions by their IRIs.',
      'Choose an IRI you will never need to change, because it becomes permanent when you publish. A good pattern is a permanent base such as https://w3id.org/xapi/, then the profile name, then the kind of concept, then the concept itself, for example https://w3id.org/xapi/example-profile/verbs/completed-reading. Use lowercase words separated by hyphens and no trailing slash.',
      'If you do not need a readable address, let the server generate an IRI for you when you publish.',
    ],
    links: [{ label: 'IRI design advice in the guidelines', to: helpPath('authoring-profiles') }],
  },
  {
    id: 'verb-taken',
    question: 'The verb I want already exists in another profile. What should I do?',
    answer: [
      'Reuse it. Sharing verbs across profiles is normal and encouraged: when several profiles use the same IRI for the same action, their data can be compared and analysed together. Add the existing verb to your profile instead of creating a copy with a new IRI.',
      'If the existing definition is broader than what you mean, define a narrower verb in your own profile, describe clearly how it differs, and consider relating it to the broader one.',
    ],
    links: [{ label: 'Search concepts', to: searchPath() }],
  },
  {
    id: 'working-group',
    question: 'Do I need a working group to create a profile?',
    answer: [
      'Yes. Every profile belongs to a working group, and only members of that group can edit its drafts, publish versions and request verification.',
      'Create a new working group for your project, or find an existing one and ask to join. A group admin approves join requests, and you can start authoring as soon as you are a member.',
    ],
    links: [
      { label: 'Browse working groups', to: organizationsPath() },
      { label: 'Create a working group', to: createOrganizationPath() },
    ],
  },
  {
    id: 'templates-and-patterns',
    question: 'What are statement templates and patterns?',
    answer: [
      'A statement template is a set of rules describing what a particular kind of statement must look like: which verb and activity type it uses, and which properties are required, allowed or forbidden. Learning record providers follow templates so that their statements are consistent, and tools can check statements against them.',
      'A pattern describes how statements following those templates are expected to occur together, such as a sequence (one after another), alternates (one of several), or optional and repeating steps. Patterns let you describe a whole interaction, for example launching, attempting and completing a course.',
    ],
  },
  {
    id: 'unpublished-references',
    question:
      'Why can I not reference concepts, templates or patterns from another profile that is still a draft?',
    answer: [
      'This is a known limitation. Concepts, statement templates and patterns of a profile can only be referenced from other profiles once that profile has been published. Until then they do not appear when you search for items to add.',
      'If you are building two related profiles at the same time, publish the one that defines the shared items first, then reference them from the other.',
    ],
  },
  {
    id: 'draft-visibility',
    question: 'Who can see my draft profile?',
    answer: [
      'Only members of the working group that owns the profile. Drafts do not appear in the profile list, search results or the public API for anyone else.',
      'When you publish a version it becomes public: anyone can view it, search its concepts and export it as JSON-LD. Later drafts of the same profile stay private until they are published too.',
    ],
  },
  {
    id: 'verification',
    question: 'What does the verified badge mean, and how do I get it?',
    answer: [
      'A verified profile version has been reviewed and approved by the administrators of this server. Verification is optional, but it gives people looking for a profile to adopt extra confidence that it is well formed and ready to use.',
      'To request it, open a published version of your profile and choose Request verification. The administrators approve or decline the request, and the result is sent by email to whoever asked. Verification applies to one version, so a new version needs its own review.',
    ],
  },
  {
    id: 'public-api',
    question: 'Can I work with profiles from my own software?',
    answer: [
      'Yes. The public API lets anyone fetch published profiles as JSON-LD, look a profile up by its IRI and read its metadata without an account.',
      'Importing, editing, publishing and deleting profiles, reading drafts and running SPARQL queries require an API key. The admins of a working group create keys for their group, and each key is tied to that group.',
    ],
    links: [{ label: 'API documentation', to: apiInfoPath() }],
  },
  {
    id: 'validate-document',
    question: 'How can I check a profile document before importing it?',
    answer: [
      'Send it to the validate endpoint of the public API. It checks the document against the structure required by the xAPI Profiles specification and reports what is wrong. No account or key is needed.',
      'Validation only checks the document itself. An import can still be refused for other reasons, for example when a profile with the same IRI already exists on the server.',
    ],
    links: [{ label: 'Validate Profile documentation', to: apiInfoPath('validate') }],
  },
];
