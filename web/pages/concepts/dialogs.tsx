import type { ConceptChange } from '../../../common/concepts';
import {
  conceptLockPath,
  useDeleteConcept,
  useDeprecateConcept,
  useRemoveConceptLink,
  type LinkChange,
} from '../../api/concepts';
import type { ItemDialogKind } from '../../components/items/dialogs';

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
  useDeprecate: (t) => {
    const deprecate = useDeprecateConcept(t.profileId, t.versionId, t.itemId);
    return (input) => deprecate.mutateAsync({ input, basedOn: t.revision });
  },
  useDelete: (t) => {
    const remove = useDeleteConcept(t.profileId, t.versionId, t.itemId);
    return () => remove.mutateAsync(t.revision);
  },
  useRemoveLink: (t) => {
    const remove = useRemoveConceptLink(t.profileId, t.versionId, t.itemId);
    return () => remove.mutateAsync();
  },
};
