import { useState } from 'react';
import { CONCEPT_PAGE_SIZE, useConceptSearch, useLinkConcepts } from '../../api/concepts';
import {
  AddItemsScreen,
  ItemSearch,
  useSearchState,
  type Picked,
} from '../../components/items/AddItems';
import { ConceptPanel } from '../../components/items/ConceptPanel';
import { ConceptResultRow } from '../../components/items/ConceptResultRow';
import { useConceptScope } from './scope';

export const ADDED_MESSAGE = 'The selected concepts were added to the profile.';

/**
 * {base}/concepts/add: search the server's concepts (leaving out what the version lists already
 * and other profiles' drafts), select several and add them to the version. A published version
 * gets a new draft, which then opens.
 */
export function AddConceptsPage() {
  const scope = useConceptScope();
  const selection = useState<Picked[]>([]);
  const state = useSearchState();
  const { search, page } = state;
  const results = useConceptSearch({ search, page, versionId: scope.version.uuid }, search !== '');
  const link = useLinkConcepts(scope.profile.uuid, scope.version.uuid);

  return (
    <AddItemsScreen
      plural="concepts"
      listLabel="Concepts"
      listPath={scope.listPath}
      title="Add Existing Concepts"
      intro="Find concepts defined in other profiles and list them in this one. They stay owned, and edited, by the profile that defines them."
      selectionLabel="Selected concepts"
      selection={selection}
      link={link}
      addedMessage={ADDED_MESSAGE}
      search={(selectionPanel, onToggle) => (
        <ItemSearch
          noun="concept"
          plural="concepts"
          state={state}
          results={{
            data: results.data && { ...results.data, rows: results.data.concepts },
            error: results.error,
          }}
          pageSize={CONCEPT_PAGE_SIZE}
          selected={selection[0]}
          onToggle={onToggle}
          afterForm={selectionPanel}
          renderRow={(concept, pick) => (
            <ConceptResultRow key={concept.uuid} concept={concept} {...pick} />
          )}
          renderPanel={(id, close) => <ConceptPanel conceptId={id} onClose={close} />}
        />
      )}
    />
  );
}
