import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, profileVersions, profiles } from '../../db/schema';

/**
 * A working group with published profiles written straight into the database (no document, no
 * items), for measuring and testing figures over many profiles: what rankings join is all there.
 * Returns the profiles' ids, in the order of `names`.
 */
export async function insertPublishedProfiles(db: Db, names: string[]): Promise<string[]> {
  const [org] = await db
    .insert(organizations)
    .values({ name: `Counted ${randomUUID()}`, collaborationLink: 'https://example.org' })
    .returning();
  const ids: string[] = [];
  for (const name of names) {
    const [profile] = await db
      .insert(profiles)
      .values({
        iri: `https://example.org/counted/${randomUUID()}`,
        iriType: 'external-iri',
        organizationId: org!.id,
      })
      .returning();
    const [version] = await db
      .insert(profileVersions)
      .values({
        profileId: profile!.id,
        iri: `${profile!.iri}/v1`,
        name,
        description: 'd',
        state: 'published',
        version: 1,
      } as typeof profileVersions.$inferInsert)
      .returning();
    await db
      .update(profiles)
      .set({ currentPublishedVersionId: version!.id })
      .where(eq(profiles.id, profile!.id));
    ids.push(profile!.id);
  }
  return ids;
}
