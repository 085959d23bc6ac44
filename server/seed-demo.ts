import type { CreateProfileInput } from '../common/profiles';
import type { UserRow } from './db/schema';
import { conceptInputSchema } from '../common/concepts';
import { lockResource } from './modules/locks/service';
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

/** The reading profile's vocabulary: a verb pair, an activity type and a result extension. */
const readingConcepts = [
  {
    conceptType: 'Verb',
    name: 'read',
    description: 'Went through a text from beginning to end, or a stated part of it.',
    translations: [{ language: 'fr', translationName: 'a lu', translationDesc: 'A lu un texte.' }],
    iriType: 'generated-iri',
    geniri: 'read',
  },
  {
    conceptType: 'Verb',
    name: 'skimmed',
    description: 'Looked through a text quickly to find its main points.',
    iriType: 'generated-iri',
    geniri: 'skimmed',
  },
  {
    conceptType: 'ActivityType',
    name: 'book',
    description: 'A book, printed or electronic.',
    iriType: 'generated-iri',
    geniri: 'book',
  },
  {
    conceptType: 'Extension',
    name: 'pages read',
    description: 'How many pages the reader went through in one sitting.',
    iriType: 'generated-iri',
    geniri: 'pages-read',
    type: 'ResultExtension',
    schemaType: 'inlineSchema',
    inlineSchema: '{ "type": "integer", "minimum": 0 }',
  },
];

/**
 * A living site for a newcomer: a demo working group owned by the first admin, with two
 * published profiles — one in three languages with two versions.
 */
export async function seedDemoContent(services: Services, admin: UserRow): Promise<void> {
  const group = await services.organizations.create(admin, {
    name: 'Demo Working Group',
    collaborationLink: 'https://github.com/adlnet/xapi-profiles',
    description:
      'A working group created with the installation so there is something to explore. Edit it, add members, or delete it once you have your own.',
  });

  const reading = await services.profiles.create(admin, group.uuid, readingProfile);
  for (const concept of readingConcepts) {
    await services.concepts.create(
      admin,
      reading.profile.uuid,
      reading.version.uuid,
      conceptInputSchema.parse(concept),
    );
  }
  const readingV1 = await services.profiles.publish(
    admin,
    reading.profile.uuid,
    reading.version.uuid,
    { confirmed: true },
  );
  // Saving details needs the version's write lock, as on the edit screen; it moves to the draft.
  await services.locks.acquire(admin, lockResource.version(readingV1.version.uuid));
  const readingV2 = await services.profiles.update(
    admin,
    reading.profile.uuid,
    readingV1.version.uuid,
    {
      ...readingProfile,
      description: `${readingProfile.description} Version 2 adds reflections written after finishing a text.`,
      tags: [...(readingProfile.tags ?? []), 'reflection'],
    },
  );
  await services.locks.release(admin, lockResource.version(readingV2.version.uuid));
  await services.profiles.publish(admin, reading.profile.uuid, readingV2.version.uuid, {
    confirmed: true,
  });

  const practice = await services.profiles.create(admin, group.uuid, practiceProfile);
  await services.profiles.publish(admin, practice.profile.uuid, practice.version.uuid, {
    confirmed: true,
  });
}
