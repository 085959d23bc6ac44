import { useState } from 'react';
import { useLinkTemplates } from '../../api/templates';
import { AddItemsScreen, type Picked } from '../../components/items/AddItems';
import { useTemplateScope } from './scope';
import { TemplateSearch } from './TemplatePicker';

export const TEMPLATES_ADDED_MESSAGE =
  'The selected statement templates were added to the profile.';

/**
 * {base}/templates/add: search the server's statement templates (leaving out what the version
 * lists already and other profiles' drafts), select several and add them to the version, or go
 * on to create a new one. A published version gets a new draft, which then opens.
 */
export function AddTemplatesPage() {
  const scope = useTemplateScope();
  const selection = useState<Picked[]>([]);
  const link = useLinkTemplates(scope.profile.uuid, scope.version.uuid);

  return (
    <AddItemsScreen
      plural="statement templates"
      listLabel="Statement Templates"
      listPath={scope.listPath}
      title="Add Statement Template"
      intro="Find statement templates defined in other profiles and list them in this one. They stay owned, and edited, by the profile that defines them. To write a new one, choose Create New."
      selectionLabel="Selected templates"
      selection={selection}
      link={link}
      addedMessage={TEMPLATES_ADDED_MESSAGE}
      createNew="beside the title"
      search={(selectionPanel, onToggle) => (
        <>
          {selectionPanel}
          <TemplateSearch
            params={{ versionId: scope.version.uuid, purpose: 'link' }}
            selected={selection[0]}
            onToggle={onToggle}
          />
        </>
      )}
    />
  );
}
