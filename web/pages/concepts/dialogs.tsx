import type { ConceptChange } from '../../../common/concepts';
import {
  conceptLockPath,
  useDeleteConcept,
  useDeprecateConcept,
  useFetchVersionConcept,
  useRemoveConceptLink,
  type LinkChange,
} from '../../api/concepts';
import type { ItemDialogKind } from '../../components/items/dialogs';
import { itemFields } from '../../components/items/types';

export const DEPRECATED_MESSAGE = 'The concept was deprecated.';
export const DELETED_MESSAGE = 'The concept was deleted.';
export const LINK_REMOVED_MESSAGE = 'The concept is no longer linked in this profile.';

/** The concept's side of the item dialogs: its words and its changes. */
export const conceptDialogs: ItemDialogKind<ConceptChange, LinkChange> = {
  noun: 'concept',
  changedId: (change) => change.concept.uuid,
  messages: {
    deprecated: DEPRECATED_MESSAGE,
    deleted: DELETED_MESSAGE,
    linkRemoved: LINK_REMOVED_MESSAGE,
  },
  lockPath: (t) => conceptLockPath(t.profileId, t.versionId, t.itemId),
  useLatest: (t) => {
    const fetchLatest = useFetchVersionConcept(t.profileId, t.versionId, t.itemId);
    return async () => {
      const { concept } = await fetchLatest();
      return { revision: concept.revision, values: itemFields(concept) };
    };
  },
  useDeprecate: (t) => {
    const deprecate = useDeprecateConcept(t.profileId, t.versionId, t.itemId);
    return (input, basedOn) => deprecate.mutateAsync({ input, basedOn });
  },
  useDelete: (t) => {
    const remove = useDeleteConcept(t.profileId, t.versionId, t.itemId);
    return (basedOn) => remove.mutateAsync(basedOn);
  },
  useRemoveLink: (t) => {
    const remove = useRemoveConceptLink(t.profileId, t.versionId, t.itemId);
    return () => remove.mutateAsync();
  },
};
