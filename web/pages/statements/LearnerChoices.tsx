import { Box, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { SiteLearners } from '../../../common/simulate';

/** What the learner fields hold, as typed: an empty field leaves that setting out. */
export interface LearnerFields {
  lowest: string;
  highest: string;
  pace: string;
  dropout: string;
  from: string;
  to: string;
}

export const NO_LEARNER_FIELDS: LearnerFields = {
  lowest: '',
  highest: '',
  pace: '',
  dropout: '',
  from: '',
  to: '',
};

const given = (text: string) => text.trim() !== '';

/**
 * The settings to send, or undefined when every field is empty. One ability alone is every
 * actor's; one hour alone opens or closes the day.
 */
export function learnersOf(fields: LearnerFields): SiteLearners | undefined {
  const learners: SiteLearners = {};
  if (given(fields.lowest) || given(fields.highest)) {
    const lowest = Number(given(fields.lowest) ? fields.lowest : fields.highest);
    const highest = Number(given(fields.highest) ? fields.highest : fields.lowest);
    learners.ability = { lowest, highest };
  }
  if (given(fields.pace)) learners.pace = Number(fields.pace);
  if (given(fields.dropout)) learners.dropout = Number(fields.dropout);
  if (given(fields.from) || given(fields.to)) {
    learners.hours = {
      from: given(fields.from) ? Number(fields.from) : 0,
      to: given(fields.to) ? Number(fields.to) : 24,
    };
  }
  return Object.keys(learners).length > 0 ? learners : undefined;
}

/** Each field: its label, what it takes, and its bounds (`step` any: 0.1 is no step of 0.05). */
const FIELDS: Array<{
  name: keyof LearnerFields;
  label: string;
  description: string;
  min: number;
  max: number;
  step: number | 'any';
}> = [
  {
    name: 'lowest',
    label: 'Lowest ability',
    description: "0 to 1, the first actor's",
    min: 0,
    max: 1,
    step: 'any',
  },
  {
    name: 'highest',
    label: 'Highest ability',
    description: "0 to 1, the last actor's",
    min: 0,
    max: 1,
    step: 'any',
  },
  {
    name: 'pace',
    label: 'Pace',
    description: 'Time between statements: 2 takes twice as long',
    min: 0.01,
    max: 100,
    step: 'any',
  },
  {
    name: 'dropout',
    label: 'Dropout',
    description: '0 to 1: the chance of no more registrations after each',
    min: 0,
    max: 1,
    step: 'any',
  },
  {
    name: 'from',
    label: 'Starts from hour (UTC)',
    description: '0 to 23',
    min: 0,
    max: 23,
    step: 1,
  },
  { name: 'to', label: 'Until hour (UTC)', description: '1 to 24', min: 1, max: 24, step: 1 },
];

/** The generation form's part that says how the actors learn, folded away until opened. */
export function LearnerChoices({
  value,
  onChange,
}: {
  value: LearnerFields;
  onChange: (value: LearnerFields) => void;
}) {
  const field = (name: keyof LearnerFields) => ({
    value: value[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      onChange({ ...value, [name]: e.currentTarget.value }),
  });
  const set = Object.values(value).some(given);
  return (
    <Box component="details">
      <Text component="summary" size="sm" fw={500} style={{ cursor: 'pointer' }}>
        How the actors learn{set ? ' (set)' : ''}
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        Empty fields leave the values as drawn. Abilities spread evenly from the first actor to the
        last: scores fall near them and successes are as likely as they are.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
        {FIELDS.map(({ name, ...input }) => (
          <TextInput key={name} type="number" {...input} {...field(name)} />
        ))}
      </SimpleGrid>
    </Box>
  );
}
