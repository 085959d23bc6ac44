import type { PatternChange } from '../../../common/patterns';
import type { LinkChange } from '../../api/concepts';
import {
  patternLockPath,
  useDeletePattern,
  useDeprecatePattern,
  useFetchVersionPattern,
  useRemovePatternLink,
} from '../../api/patterns';
import type { ItemDialogKind } from '../../components/items/dialogs';
import { itemFields } from '../../components/items/types';

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
  useLatest: (t) => {
    const fetchLatest = useFetchVersionPattern(t.profileId, t.versionId, t.itemId);
    return async () => {
      const { pattern } = await fetchLatest();
      return { revision: pattern.revision, values: itemFields(pattern) };
    };
  },
  useDeprecate: (t) => {
    const deprecate = useDeprecatePattern(t.profileId, t.versionId, t.itemId);
    return (input, basedOn) => deprecate.mutateAsync({ input, basedOn });
  },
  useDelete: (t) => {
    const remove = useDeletePattern(t.profileId, t.versionId, t.itemId);
    return (basedOn) => remove.mutateAsync(basedOn);
  },
  useRemoveLink: (t) => {
    const remove = useRemovePatternLink(t.profileId, t.versionId, t.itemId);
    return () => remove.mutateAsync();
  },
};
