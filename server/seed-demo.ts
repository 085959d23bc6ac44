import type { CreateProfileInput } from '../common/profiles';
import { conceptInputSchema } from '../common/concepts';
import type { CounterName, UserRow } from './db/schema';
import type { JsonObject } from '../xapi/index';
import { addProfileCounts } from './modules/counters/repo';
import { readingDocument, readingExamples, readingStatements } from './seed-demo-documents';
import type { Services } from './services';

const readingProfile: CreateProfileInput = {
  iriType: 'generated-iri',
  name: 'Reading Progress',
  description:
    'Describes how learning platforms report that a person opened, paused, finished and reflected on a reading assignment, so that reading time and completion can be compared across e-book readers.',
  translations: [
    {
      language: 'fr',
      translationName: 'Progression de lecture',
      translationDesc:
        "Décrit comment les plateformes d'apprentissage signalent qu'une personne a ouvert, interrompu, terminé puis commenté une lecture.",
    },
    {
      language: 'es',
      translationName: 'Progreso de lectura',
      translationDesc:
        'Describe cómo las plataformas de aprendizaje informan que una persona abrió, pausó, terminó y comentó una lectura asignada.',
    },
  ],
  moreInformation: 'https://github.com/adlnet/xapi-profiles',
  tags: ['reading', 'e-books', 'demo'],
};

const practiceProfile: CreateProfileInput = {
  iriType: 'generated-iri',
  name: 'Guided Practice Sessions',
  description:
    'A vocabulary for short, coached practice sessions: when a session starts, which exercise a learner attempts, the hints they ask for and how the coach rates the attempt.',
  translations: [],
  moreInformation: '',
  tags: ['practice', 'coaching', 'demo'],
};

/** The practice profile's vocabulary, made through the concept form as a person would. */
const practiceConcepts = [
  {
    conceptType: 'Verb',
    name: 'attempted',
    description: 'Tried an exercise once, whatever the outcome.',
    iriType: 'generated-iri',
    geniri: 'attempted',
  },
  {
    conceptType: 'Verb',
    name: 'asked for a hint',
    description: 'Asked the coach for a hint during an exercise.',
    iriType: 'generated-iri',
    geniri: 'asked-for-a-hint',
  },
  {
    conceptType: 'ActivityType',
    name: 'exercise',
    description: 'A short task practised in a coached session.',
    iriType: 'generated-iri',
    geniri: 'exercise',
  },
];

const DAY_MS = 86_400_000;

/** Views and exports of the last two weeks, so the charts and usage figures have a shape. */
const READING_VIEWS = [4, 6, 5, 9, 7, 11, 8, 13, 10, 9, 12, 15, 11, 14];
const PRACTICE_VIEWS = [1, 0, 2, 3, 1, 2, 4, 2, 3, 5, 3, 4, 6, 5];
const READING_EXPORTS = [1, 0, 2, 1, 0, 3, 1, 2, 0, 1, 2, 3, 1, 2];
const READING_API_EXPORTS = [0, 2, 1, 0, 0, 1, 3, 0, 2, 1, 0, 1, 2, 1];

function pastDays(profileId: string, counter: CounterName, counts: number[], now: Date) {
  // Oldest first, ending yesterday: today's views are the visitors' own.
  return counts.map((count, index) => ({
    profileId,
    counter,
    day: new Date(now.getTime() - (counts.length - index) * DAY_MS).toISOString().slice(0, 10),
    count,
  }));
}

/** Each template's example statement, saved as on its page: under the template's write lock. */
async function addExamples(
  services: Services,
  admin: UserRow,
  profileId: string,
  versionId: string,
  examples: Map<string, JsonObject>,
): Promise<void> {
  const { templates } = await services.templates.list(admin, profileId, versionId, {
    sort: 'name',
    page: 1,
    limit: 100,
  });
  for (const template of templates) {
    const example = examples.get(template.iri);
    if (!example) continue;
    await services.templates.lock(admin, profileId, versionId, template.uuid);
    // Based on the revision the page shows, as every save is.
    const opened = await services.templates.get(admin, profileId, versionId, template.uuid);
    await services.templates.parts.setExample(
      {
        user: admin,
        profileId,
        versionId,
        templateId: template.uuid,
        basedOn: opened.template.revision,
      },
      JSON.stringify(example),
    );
    await services.templates.unlock(admin, template.uuid);
  }
}

/**
 * A living site for a newcomer: a demo working group owned by the first admin, with two
 * published profiles. "Reading Progress" shows every feature: every kind of concept, templates
 * with rules of each presence, patterns of each kind, two published versions worth comparing, a
 * draft after them with a file of statements in its Import Queue, and two weeks of views.
 */
export async function seedDemoContent(services: Services, admin: UserRow): Promise<void> {
  const group = await services.organizations.create(admin, {
    name: 'Demo Working Group',
    collaborationLink: 'https://github.com/adlnet/xapi-profiles',
    description:
      'A working group created with the installation so there is something to explore. Edit it, add members, or delete it once you have your own.',
  });

  // The practice profile first: the home page lists the newest profiles and concepts first.
  const practice = await services.profiles.create(admin, group.uuid, practiceProfile);
  for (const concept of practiceConcepts) {
    await services.concepts.create(
      admin,
      practice.profile.uuid,
      practice.version.uuid,
      conceptInputSchema.parse(concept),
    );
  }
  await services.profiles.publish(admin, practice.profile.uuid, practice.version.uuid, {
    confirmed: true,
  });

  const reading = await services.profiles.create(admin, group.uuid, readingProfile);
  const profileId = reading.profile.uuid;
  const iri = reading.profile.iri;
  // The documents come in as files do on the Import screen: the first replaces the new, empty
  // draft once compared with it; each later one becomes the draft after the published version.
  const first = readingDocument(iri, 1);
  const compared = await services.changes.againstFile(
    admin,
    profileId,
    reading.version.uuid,
    first,
  );
  await services.profiles.importFile(
    admin,
    profileId,
    reading.version.uuid,
    first,
    compared.draft.revision,
  );
  await addExamples(services, admin, profileId, reading.version.uuid, readingExamples(iri));
  const v1 = await services.profiles.publish(admin, profileId, reading.version.uuid, {
    confirmed: true,
  });
  const second = await services.profiles.importFile(
    admin,
    profileId,
    v1.version.uuid,
    readingDocument(iri, 2),
  );
  const v2 = await services.profiles.publish(admin, profileId, second.versionId, {});
  const draft = await services.profiles.importFile(
    admin,
    profileId,
    v2.version.uuid,
    readingDocument(iri, 3),
  );
  await services.harvest.upload(
    admin,
    profileId,
    draft.versionId,
    'reading-app-statements.json',
    readingStatements(iri),
  );

  const now = new Date();
  await addProfileCounts(services.database.db, [
    ...pastDays(profileId, 'view', READING_VIEWS, now),
    ...pastDays(profileId, 'uiExport', READING_EXPORTS, now),
    ...pastDays(profileId, 'apiExport', READING_API_EXPORTS, now),
    // An export through the API is a read through the API, and the server counts it as both:
    // the demo's figures agree with each other as real ones do.
    ...pastDays(profileId, 'apiRead', READING_API_EXPORTS, now),
    ...pastDays(practice.profile.uuid, 'view', PRACTICE_VIEWS, now),
  ]);
}
