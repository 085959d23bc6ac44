import { Code, Input, Radio, Stack, Text, TextInput } from '@mantine/core';
import { generatedConceptIri, type ConceptType } from '../../../common/concepts';
import { PROFILE_LIMITS } from '../../../common/profiles';
import { CONCEPT_TYPE_LABELS } from './concept-format';

export type ConceptIriType = 'generated-iri' | 'external-iri';

/**
 * What the IRI is for: a kind of concept (its label and segment under the profile IRI), or another
 * item named by `segmentLabel` ('Statement Template') whose generated IRI `iriOf` builds.
 */
type IriSubject =
  | { conceptType: ConceptType; segmentLabel?: never; iriOf?: never }
  | { conceptType?: never; segmentLabel: string; iriOf: (suffix: string) => string };

/**
 * A new item's IRI: generated under the profile's IRI (the profile IRI, the kind's segment
 * and a suffix, shown as it is typed), or one the group already owns. It is permanent.
 */
export function ConceptIriField({
  conceptType,
  segmentLabel,
  iriOf,
  profileIri,
  iriType,
  onIriTypeChange,
  geniri,
  onGeniriChange,
  onGeniriBlur,
  geniriError,
  extiri,
  onExtiriChange,
  onExtiriBlur,
  extiriError,
}: IriSubject & {
  profileIri: string;
  iriType: ConceptIriType;
  onIriTypeChange: (value: ConceptIriType) => void;
  geniri: string;
  onGeniriChange: (value: string) => void;
  onGeniriBlur: () => void;
  geniriError?: string | undefined;
  extiri: string;
  onExtiriChange: (value: string) => void;
  onExtiriBlur: () => void;
  extiriError?: string | undefined;
}) {
  const label = conceptType ? CONCEPT_TYPE_LABELS[conceptType] : segmentLabel;
  const noun = conceptType ? 'concept' : segmentLabel.toLowerCase();
  const generated = (suffix: string) =>
    conceptType ? generatedConceptIri(profileIri, conceptType, suffix) : iriOf(suffix);
  return (
    <Stack gap="xs">
      <Radio.Group
        label={`${label} IRI`}
        description={`The permanent identifier of the ${noun}. It cannot be changed once the ${noun} is saved.`}
        value={iriType}
        onChange={(value) =>
          onIriTypeChange(value === 'external-iri' ? 'external-iri' : 'generated-iri')
        }
        withAsterisk
      >
        <Stack gap="xs" mt="xs">
          <Radio value="generated-iri" label="Generate an IRI under the profile's IRI" />
          <Radio value="external-iri" label="Use an IRI I already own" />
        </Stack>
      </Radio.Group>
      {iriType === 'generated-iri' ? (
        <Stack gap={6} pl="xl">
          <TextInput
            label="IRI Suffix"
            description="Letters, digits and dashes read best; the rest of the IRI comes from the profile."
            required
            value={geniri}
            onChange={(event) => onGeniriChange(event.currentTarget.value)}
            onBlur={onGeniriBlur}
            error={geniriError}
            maxLength={300}
          />
          <div>
            <Text size="sm" c="dimmed">
              Generated IRI
            </Text>
            <Code
              block
              aria-label="Generated IRI"
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            >
              {generated(geniri)}
            </Code>
          </div>
        </Stack>
      ) : (
        <TextInput
          pl="xl"
          label="External IRI"
          placeholder={
            conceptType ? 'https://w3id.org/xapi/your-profile/verbs/completed' : 'https://'
          }
          required
          value={extiri}
          onChange={(event) => onExtiriChange(event.currentTarget.value)}
          onBlur={onExtiriBlur}
          error={extiriError}
          maxLength={PROFILE_LIMITS.iriMax}
        />
      )}
    </Stack>
  );
}

/** The IRI of a saved concept (or of the item `segmentLabel` names): fixed. */
export function FixedIri({
  conceptType,
  segmentLabel,
  iri,
}: (
  { conceptType: ConceptType; segmentLabel?: never } | { conceptType?: never; segmentLabel: string }
) & {
  iri: string;
}) {
  const label = `${conceptType ? CONCEPT_TYPE_LABELS[conceptType] : segmentLabel} IRI`;
  const noun = conceptType ? 'concept' : segmentLabel.toLowerCase();
  return (
    <Stack gap={2}>
      <Input.Label>{label}</Input.Label>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label={label}>
        {iri}
      </Code>
      <Text size="xs" c="dimmed">
        A {noun}&apos;s IRI is permanent.
      </Text>
    </Stack>
  );
}
