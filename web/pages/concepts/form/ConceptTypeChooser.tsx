import { CONCEPT_TYPES } from '../../../../common/concepts';
import { TypeChooser } from '../../../components/items/TypeChooser';
import { CONCEPT_TYPE_LABELS } from '../../../components/items/concept-format';
import { useConceptScope } from '../scope';
import { CONCEPT_TYPE_SENTENCES } from '../../../lib/concept-values';

export const CHOOSER_TITLE = 'Create Concept';

/** {base}/concepts/create: the six kinds of concept, each with what it is for. */
export function ConceptTypeChooser() {
  return (
    <TypeChooser
      scope={useConceptScope()}
      title={CHOOSER_TITLE}
      listLabel="Concepts"
      intro="Choose the kind of concept to define in this profile."
      types={CONCEPT_TYPES}
      labels={CONCEPT_TYPE_LABELS}
      sentences={CONCEPT_TYPE_SENTENCES}
      idPrefix="concept-kind"
    />
  );
}
