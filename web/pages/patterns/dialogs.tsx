import type { PatternChange } from '../../../common/patterns';
import type { LinkChange } from '../../api/concepts';
import {
  patternLockPath,
  useDeletePattern,
  useDeprecatePattern,
  useRemovePatternLink,
} from '../../api/patterns';
import type { ItemDialogKind } from '../../components/items/dialogs';

export const DEPRECATED_MESSAGE = 'The pattern was deprecated.';
export const DELETED_MESSAGE = 'The pattern was deleted.';
export const LINK_REMOVED_MESSAGE = 'The pattern is no longer linked in this profile.';

/** The pattern's side of the item dialogs: its words and its changes. */
export const patternDialogs: ItemDialogKind<PatternChange, LinkChange> = {
  noun: 'pattern',
  changedId: (change) => change.pattern.uuid,
  messages: {
    deprecated: DEPRECATED_MESSAGE,
    deleted: DELETED_MESSAGE,
    linkRemoved: LINK_REMOVED_MESSAGE,
  },
  lockPath: (t) => patternLockPath(t.profileId, t.versionId, t.itemId),
  useDeprecate: (t) => {
    const deprecate = useDeprecatePattern(t.profileId, t.versionId, t.itemId);
    return (input) => deprecate.mutateAsync({ input, basedOn: t.revision });
  },
  useDelete: (t) => {
    const remove = useDeletePattern(t.profileId, t.versionId, t.itemId);
    return () => remove.mutateAsync(t.revision);
  },
  useRemoveLink: (t) => {
    const remove = useRemovePatternLink(t.profileId, t.versionId, t.itemId);
    return () => remove.mutateAsync();
  },
};
