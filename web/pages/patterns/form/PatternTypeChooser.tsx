import { PATTERN_TYPE_LABELS, PATTERN_TYPES } from '../../../../common/patterns';
import { TypeChooser } from '../../../components/items/TypeChooser';
import { PATTERN_TYPE_SENTENCES } from '../format';
import { usePatternScope } from '../scope';

export const CHOOSER_TITLE = 'Create Pattern';

/** {base}/patterns/create: the five types of pattern, each with what it matches. */
export function PatternTypeChooser() {
  return (
    <TypeChooser
      scope={usePatternScope()}
      title={CHOOSER_TITLE}
      listLabel="Patterns"
      intro="Choose the type of pattern to define in this profile."
      types={PATTERN_TYPES}
      labels={PATTERN_TYPE_LABELS}
      sentences={PATTERN_TYPE_SENTENCES}
      idPrefix="pattern-type"
    />
  );
}
