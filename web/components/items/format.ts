/** A spec type (`StateResource`, `ContextExtension`, …) as words: 'State Resource'. */
export const typeLabel = (type: string) => type.replace(/([a-z])([A-Z])/g, '$1 $2');

const enc = encodeURIComponent;

/** Where a profile version's deleted items and claimable orphans are listed. */
export const deletedItemsPath = (organizationId: string, profileId: string, versionId: string) =>
  `/deleted-items/organization/${enc(organizationId)}/profile/${enc(profileId)}/version/${enc(versionId)}`;
