import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ConceptRow } from '../../../common/concepts';
import { LinkedBadge, StatusBadge } from './badges';
import { publicProfilePath } from '../../lib/paths';
import { DeprecatedBanner } from './DeprecatedBanner';
import {
  DeleteItemDialog,
  DeprecateItemDialog,
  RemoveItemLinkDialog,
  type ItemDialogKind,
} from './dialogs';
import { ItemCrumbs } from './ItemCrumbs';
import { itemFieldChoices } from '../reviews/field-choices';
import { Threads } from '../reviews/Threads';
import {
  capitalized,
  itemFields,
  titleCase,
  type ComparedItem,
  type Deprecation,
  type ItemTarget,
  type ParentProfile,
} from './types';

// An item's History and its feedback are read by few of its visitors: fetched when the page is
// first shown, they keep the version's chunk small.
const ItemHistory = lazy(async () => ({ default: (await import('./ItemHistory')).ItemHistory }));
const FeedbackPanel = lazy(async () => ({
  default: (await import('../feedback/FeedbackPanel')).FeedbackPanel,
}));

/** What the page of any item shows around its own fields (and a conflict compares). */
export interface DetailItem extends ComparedItem {
  uuid: string;
  name: string;
  status: ConceptRow['status'];
  linked: boolean;
  deprecation: Deprecation;
  parentProfile: ParentProfile | null;
  publishedInProfile: boolean;
  /** The revision shown: deprecating or deleting it is based on it. */
  revision: string;
}

/** The version on screen and where its screens are: the item list and an item's pages. */
export interface ItemScope {
  profile: { uuid: string };
  version: { uuid: string };
  /** The list of this version, or of the one given (a new draft after a change). */
  listPath: (versionId?: string) => string;
}

/** An item's page (`rest` e.g. 'edit'), in the version on screen or the one given. */
export type ItemPath = (itemId: string, rest?: string, versionId?: string) => string;

type Dialog = 'deprecate' | 'delete' | 'unlink' | null;

/** Why an item someone may edit offers no Delete. */
export const noDeleteMessage = (noun: string) =>
  `No Delete: a published version lists this ${noun}, so it may be in use. Deprecate it instead.`;

/**
 * The page of an item as the version lists it: breadcrumbs, name and badges, the actions of
 * those who may edit (Edit, Deprecate, Delete), the deprecated, linked and limited-editing
 * banners, the item's own content (`children`) and the dialogs of its actions.
 */
export function ItemDetailFrame<
  Change extends { versionId: string },
  LinkChange extends { versionId: string },
>({
  kind,
  scope,
  itemPath,
  item,
  permissions,
  editable = true,
  publicSegment,
  afterDelete = (change) => scope.listPath(change.versionId),
  limitedMessage,
  children,
}: {
  kind: ItemDialogKind<Change, LinkChange>;
  scope: ItemScope;
  itemPath: ItemPath;
  item: DetailItem;
  permissions: { edit: boolean; delete: boolean; removeLink: boolean };
  /** Whether the item has an edit screen (Edit); kinds edited part by part have none. */
  editable?: boolean;
  /** The item in its defining profile's public page, e.g. 'concepts'; none for some kinds. */
  publicSegment?: string;
  /** Where a deletion leads: by default the list of the version it landed in. */
  afterDelete?: (change: Change) => string;
  limitedMessage: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const target: ItemTarget = {
    profileId: scope.profile.uuid,
    versionId: scope.version.uuid,
    itemId: item.uuid,
    name: item.name,
    revision: item.revision,
    fields: itemFields(item),
  };
  const [dialog, setDialog] = useState<Dialog>(null);
  const { noun } = kind;
  const parent = item.parentProfile;
  const close = () => setDialog(null);

  return (
    <Stack gap="md">
      <ItemCrumbs listLabel={`${titleCase(noun)}s`} listPath={scope.listPath()} name={item.name} />

      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 20rem' }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {item.name}
          </Title>
          <Group gap={6}>
            <StatusBadge status={item.status} />
            {item.linked && <LinkedBadge />}
          </Group>
        </Stack>
        {permissions.edit && (
          <Stack gap={4} align="flex-end">
            <Group gap="xs" role="toolbar" aria-label={`${capitalized(noun)} actions`}>
              {editable && (
                <Button component={Link} to={itemPath(item.uuid, 'edit')}>
                  Edit
                </Button>
              )}
              <Button variant="outline" color="orange" onClick={() => setDialog('deprecate')}>
                Deprecate
              </Button>
              {permissions.delete && (
                <Button variant="outline" color="red" onClick={() => setDialog('delete')}>
                  Delete {noun}
                </Button>
              )}
            </Group>
            {!permissions.delete && (
              <Text size="sm" c="dimmed" maw="22rem" ta="right">
                {noDeleteMessage(noun)}
              </Text>
            )}
          </Stack>
        )}
      </Group>

      <DeprecatedBanner deprecation={item.deprecation} noun={noun} />
      {item.linked && (
        <Alert color="blue" variant="light" title={`Linked ${noun}`} aria-label={`Linked ${noun}`}>
          <Group justify="space-between" gap="sm">
            <Text size="sm" style={{ flex: '1 1 20rem' }}>
              This {noun} is defined in{' '}
              {parent ? (
                <Anchor component={Link} to={publicProfilePath(parent.uuid)} size="sm">
                  {parent.name}
                </Anchor>
              ) : (
                'another profile'
              )}{' '}
              and only listed in this one: it is edited there.
              {parent && publicSegment && (
                <>
                  {' '}
                  <Anchor
                    component={Link}
                    to={publicProfilePath(
                      parent.uuid,
                      `${publicSegment}/${encodeURIComponent(item.uuid)}`,
                    )}
                    size="sm"
                  >
                    See it in its profile
                  </Anchor>
                </>
              )}
            </Text>
            {permissions.removeLink && (
              <Button variant="light" color="red" onClick={() => setDialog('unlink')}>
                Remove Link
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {permissions.edit && item.publishedInProfile && (
        <Alert color="yellow" variant="light" aria-label="Limited editing">
          {limitedMessage}
        </Alert>
      )}

      {children}

      {!item.linked && (
        <Suspense fallback={null}>
          <ItemHistory
            itemUrl={kind.lockPath(target).replace(/\/lock$/, '')}
            revision={item.revision}
            onRestored={(versionId) => void navigate(itemPath(item.uuid, '', versionId))}
          />
        </Suspense>
      )}

      {!item.linked && (
        <Suspense fallback={null}>
          <FeedbackPanel
            profileId={scope.profile.uuid}
            versionId={scope.version.uuid}
            itemId={item.uuid}
            noun={noun}
          />
        </Suspense>
      )}

      {permissions.edit && !item.linked && (
        <Threads
          profileId={scope.profile.uuid}
          versionId={scope.version.uuid}
          itemId={item.uuid}
          fields={itemFieldChoices(item.content)}
          open
          heading={`Discussion of this ${noun}`}
        />
      )}

      {dialog === 'deprecate' && (
        <DeprecateItemDialog
          kind={kind}
          target={target}
          onClose={close}
          onDeprecated={(change) =>
            void navigate(itemPath(kind.changedId(change), '', change.versionId))
          }
        />
      )}
      {dialog === 'delete' && (
        <DeleteItemDialog
          kind={kind}
          target={target}
          onClose={close}
          onDeleted={(change) => void navigate(afterDelete(change))}
        />
      )}
      {dialog === 'unlink' && (
        <RemoveItemLinkDialog
          kind={kind}
          target={target}
          onClose={close}
          onRemoved={(change) => void navigate(scope.listPath(change.versionId))}
        />
      )}
    </Stack>
  );
}
