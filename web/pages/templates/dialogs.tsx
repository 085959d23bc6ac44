import type { TemplateChange } from '../../../common/templates';
import {
  templateLockPath,
  useDeleteTemplate,
  useDeprecateTemplate,
  useFetchVersionTemplate,
  useRemoveTemplateLink,
  type TemplateLinkChange,
} from '../../api/templates';
import type { FieldValues, Saved } from '../../components/EditConflict';
import { withWriteLock, type ItemDialogKind } from '../../components/items/dialogs';
import { itemFields, type ItemTarget } from '../../components/items/types';
import { TEMPLATE_NOUN } from '../../components/items/TemplatePanel';

export const TEMPLATE_DEPRECATED_MESSAGE = 'The statement template was deprecated.';
export const TEMPLATE_DELETED_MESSAGE = 'The statement template was deleted.';
export const TEMPLATE_LINK_REMOVED_MESSAGE =
  'The statement template is no longer linked in this profile.';

/** The template a change acts on, in the version on screen. */
export interface TemplateTarget {
  profileId: string;
  versionId: string;
  templateId: string;
  name: string;
  /** The revision of the template the page shows: a change to it is based on that one. */
  revision: string;
}

const templateOf = (t: ItemTarget): TemplateTarget => ({ ...t, templateId: t.itemId });

/**
 * Runs a one-click change of a template from its page: its write lock is taken for the change
 * and given back afterwards.
 */
export const underTemplateLock = <T,>(target: TemplateTarget, change: () => Promise<T>) =>
  withWriteLock(
    templateLockPath(target.profileId, target.versionId, target.templateId),
    false,
    change,
  );

/** The template as saved now, read afresh: its revision and its fields as a conflict shows them. */
export function useLatestTemplate(target: Omit<TemplateTarget, 'name' | 'revision'>) {
  const fetchLatest = useFetchVersionTemplate(
    target.profileId,
    target.versionId,
    target.templateId,
  );
  return async (): Promise<Saved<FieldValues>> => {
    const { template } = await fetchLatest();
    return { revision: template.revision, values: itemFields(template) };
  };
}

/** The template's side of the item dialogs: its words and its changes. */
export const templateDialogs: ItemDialogKind<TemplateChange, TemplateLinkChange> = {
  noun: TEMPLATE_NOUN,
  changedId: (change) => change.template.uuid,
  messages: {
    deprecated: TEMPLATE_DEPRECATED_MESSAGE,
    deleted: TEMPLATE_DELETED_MESSAGE,
    linkRemoved: TEMPLATE_LINK_REMOVED_MESSAGE,
  },
  lockPath: (t) => templateLockPath(t.profileId, t.versionId, t.itemId),
  useLatest: (t) => useLatestTemplate(templateOf(t)),
  useDeprecate: (t) => {
    const deprecate = useDeprecateTemplate(templateOf(t));
    return (input, basedOn) => deprecate.mutateAsync({ input, basedOn });
  },
  useDelete: (t) => {
    const remove = useDeleteTemplate(templateOf(t));
    return (basedOn) => remove.mutateAsync(basedOn);
  },
  useRemoveLink: (t) => {
    const remove = useRemoveTemplateLink(templateOf(t));
    return () => remove.mutateAsync();
  },
};
