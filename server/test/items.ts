import type { ProfileView } from '../../common/profiles';
import type { Db } from '../db/client';
import { addEntries } from '../modules/item-store/listing';
import { insertItem } from '../modules/item-store/repo';

/**
 * A statement template of a profile, listed by one of its versions, written straight into the
 * item tables as an import would store it: for tests that need templates to refer to without
 * going through the template routes.
 */
export async function insertTemplate(
  db: Db,
  view: ProfileView,
  name: string,
  versionId = view.version.uuid,
) {
  const iri = `${view.profile.iri}/templates/${name}`;
  const row = await insertItem(db, {
    kind: 'template',
    type: 'StatementTemplate',
    iri,
    profileId: view.profile.uuid,
    name,
    content: {
      id: iri,
      type: 'StatementTemplate',
      inScheme: view.version.iri,
      prefLabel: { en: name },
      definition: { en: `Statements of ${name}.` },
    },
  });
  await addEntries(db, versionId, [{ componentId: row.id, linked: false }]);
  return { id: row.id, iri };
}
