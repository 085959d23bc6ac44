import { Code, Input, Radio, Stack, Text, TextInput } from '@mantine/core';
import { generatedConceptIri, type ConceptType } from '../../../../common/concepts';
import { PROFILE_LIMITS } from '../../../../common/profiles';
import { CONCEPT_TYPE_LABELS } from '../format';

export type ConceptIriType = 'generated-iri' | 'external-iri';

/**
 * A new concept's IRI: generated under the profile's IRI (the profile IRI, the kind's segment
 * and a suffix, shown as it is typed), or one the group already owns. It is permanent.
 */
export function ConceptIriField({
  conceptType,
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
}: {
  conceptType: ConceptType;
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
  const label = CONCEPT_TYPE_LABELS[conceptType];
  return (
    <Stack gap="xs">
      <Radio.Group
        label={`${label} IRI`}
        description="The permanent identifier of the concept. It cannot be changed once the concept is saved."
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
            <Code block aria-label="Generated IRI" style={{ wordBreak: 'break-all' }}>
              {generatedConceptIri(profileIri, conceptType, geniri)}
            </Code>
          </div>
        </Stack>
      ) : (
        <TextInput
          pl="xl"
          label="External IRI"
          placeholder="https://w3id.org/xapi/your-profile/verbs/completed"
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

/** The IRI of a saved concept: fixed. */
export function FixedIri({ conceptType, iri }: { conceptType: ConceptType; iri: string }) {
  const label = `${CONCEPT_TYPE_LABELS[conceptType]} IRI`;
  return (
    <Stack gap={2}>
      <Input.Label>{label}</Input.Label>
      <Code block style={{ wordBreak: 'break-all' }} aria-label={label}>
        {iri}
      </Code>
      <Text size="xs" c="dimmed">
        A concept's IRI is permanent.
      </Text>
    </Stack>
  );
}
