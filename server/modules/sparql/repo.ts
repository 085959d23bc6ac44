import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profileVersions, profiles } from '../../db/schema';

/** A published version as the SPARQL store holds it: a named graph per version IRI. */
export interface PublishedGraph {
  profileId: string;
  versionId: string;
  iri: string;
  /** Whether it is its profile's current published version (so in the default graph). */
  current: boolean;
}

/** Every published version with a stored document, or those of one profile. */
export async function listPublishedGraphs(db: Db, profileId?: string): Promise<PublishedGraph[]> {
  return db
    .select({
      profileId: profileVersions.profileId,
      versionId: profileVersions.id,
      iri: profileVersions.iri,
      current: sql<boolean>`${profiles.currentPublishedVersionId} = ${profileVersions.id}`,
    })
    .from(profileVersions)
    .innerJoin(profiles, eq(profiles.id, profileVersions.profileId))
    .where(
      and(
        eq(profileVersions.state, 'published'),
        isNotNull(profileVersions.snapshot),
        profileId ? eq(profileVersions.profileId, profileId) : undefined,
      ),
    )
    .orderBy(profileVersions.profileId, profileVersions.version);
}

/** A published version's stored document. */
export async function findSnapshot(db: Db, versionId: string): Promise<unknown> {
  const [row] = await db
    .select({ snapshot: profileVersions.snapshot })
    .from(profileVersions)
    .where(and(eq(profileVersions.id, versionId), eq(profileVersions.state, 'published')));
  return row?.snapshot ?? null;
}
