import type { ComponentType, PatternType } from '../../../common/patterns';

/** What each type of pattern matches, as the type chooser explains it. */
export const PATTERN_TYPE_SENTENCES: Record<PatternType, string> = {
  sequence: 'Matches when its components match one after the other, in the order given.',
  alternates: 'Matches when any one of its components matches.',
  optional: 'Matches its one component once, or nothing at all.',
  oneOrMore: 'Matches its one component once, or several times in a row.',
  zeroOrMore: 'Matches its one component any number of times in a row, or not at all.',
};

export const COMPONENT_TYPE_LABELS: Record<ComponentType, string> = {
  template: 'Statement Template',
  pattern: 'Pattern',
};

/** Primary patterns describe a whole flow of statements; secondary ones only a part of it. */
export const primaryLabel = (primary: boolean) => (primary ? 'Primary' : 'Secondary');
