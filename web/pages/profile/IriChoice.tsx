import { Code, Radio, Stack, Text, TextInput } from '@mantine/core';
import { PROFILE_LIMITS, type IriType } from '../../../common/profiles';

/**
 * Generate the profile's IRI under the server's root, or use one the group already owns. The
 * generated IRI shown is the one the profile gets: the form sends it when it saves.
 */
export function IriChoice({
  iriType,
  onIriTypeChange,
  extiri,
  onExtiriChange,
  onExtiriBlur,
  extiriError,
  generatedIri,
  disabled = false,
}: {
  iriType: IriType;
  onIriTypeChange: (value: IriType) => void;
  extiri: string;
  onExtiriChange: (value: string) => void;
  onExtiriBlur?: () => void;
  extiriError?: string | undefined;
  /** The IRI the profile gets if generated, or undefined while the root is loading. */
  generatedIri: string | undefined;
  disabled?: boolean;
}) {
  return (
    <Stack gap="xs">
      <Radio.Group
        label="Profile IRI"
        description="The permanent identifier of the profile. It cannot be changed once the profile is published."
        value={iriType}
        onChange={(value) =>
          onIriTypeChange(value === 'external-iri' ? 'external-iri' : 'generated-iri')
        }
        withAsterisk
      >
        <Stack gap="xs" mt="xs">
          <Radio
            value="generated-iri"
            label="Generate an IRI for this profile"
            disabled={disabled}
          />
          <Radio value="external-iri" label="Use an IRI I already own" disabled={disabled} />
        </Stack>
      </Radio.Group>
      {iriType === 'generated-iri' ? (
        <Stack gap={2} pl="xl">
          <Text size="sm" c="dimmed">
            Generated IRI
          </Text>
          <Code
            block
            aria-label="Generated IRI"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {generatedIri ?? 'Loading…'}
          </Code>
        </Stack>
      ) : (
        <TextInput
          pl="xl"
          label="External IRI"
          placeholder="https://w3id.org/xapi/your-profile"
          required
          value={extiri}
          onChange={(event) => onExtiriChange(event.currentTarget.value)}
          onBlur={onExtiriBlur}
          error={extiriError}
          maxLength={PROFILE_LIMITS.iriMax}
          disabled={disabled}
        />
      )}
    </Stack>
  );
}
