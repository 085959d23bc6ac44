import { Code, List, Stack, Text } from '@mantine/core';
import { ErrorCode } from '../../../common/errors';
import { DocSection, EndpointHeader, ErrorTable, Examples, ParamTable } from './parts';
import { LIMIT_ERRORS, READ_KEY } from './shared-params';

/** /api-info/changes: what changed between two versions of a profile. */
export function ChangesPage() {
  return (
    <Stack gap="xl">
      <EndpointHeader
        title="Compare Versions"
        method="GET"
        paths={['/api/profile/{uuid}/changes?from={version_uuid}&to={version_uuid}']}
      >
        <Text>
          What changed between two versions of a profile: its name, definition, see-also link and
          author, and each concept, statement template and pattern added, removed, moved to a new
          IRI (a likely rename: same content, other IRI), deprecated, no longer deprecated or
          changed, field by field — labels and definitions per language, concept fields, a
          template’s determining properties and each rule by location, a pattern’s kind, primary
          flag and components.
        </Text>
      </EndpointHeader>

      <DocSection title="Request">
        <ParamTable
          label="Path"
          params={[{ name: '{uuid}', need: 'Required', meaning: 'The uuid of the profile.' }]}
        />
        <ParamTable
          label="Query"
          params={[
            {
              name: 'from',
              need: 'Required',
              meaning: 'The uuid of the older version (any version of this profile).',
            },
            {
              name: 'to',
              need: 'Optional',
              meaning: 'The uuid of the newer version; the current published version by default.',
            },
          ]}
        />
        <ParamTable
          label="Headers"
          params={[
            {
              name: 'Accept',
              need: 'Optional',
              meaning: (
                <>
                  <Code>application/json</Code> (the default) or <Code>text/markdown</Code> for a
                  changelog to paste into release notes.
                </>
              ),
            },
            READ_KEY,
          ]}
        />
      </DocSection>

      <DocSection title="Response">
        <Text>
          <Code>200</Code> with <Code>from</Code> and <Code>to</Code> (uuid, number, state and IRI
          of each version) and <Code>changes</Code>: <Code>profile</Code> (changes to the profile’s
          own metadata), <Code>items</Code> (one entry per concept, template or pattern that
          changed, with its <Code>fields</Code>), <Code>counts</Code>, <Code>suggestedVersion</Code>{' '}
          and <Code>warnings</Code>. Every change carries an <Code>impact</Code> for statement
          producers:
        </Text>
        <List>
          <List.Item>
            <Code>breaking</Code>: statements that were valid may now be refused — a rule tightened
            (a required presence, fewer allowed values, more forbidden ones), a determining property
            changed, an item removed or moved to another IRI.
          </List.Item>
          <List.Item>
            <Code>additive</Code>: new items, looser rules, new languages, deprecations.
          </List.Item>
          <List.Item>
            <Code>editorial</Code>: labels, definitions, scope notes, relations between concepts.
          </List.Item>
        </List>
        <Text>
          <Code>suggestedVersion</Code> names the next number in the MODEL.REVISION.ADDITION scheme:
          MODEL for breaking changes, REVISION when existing items changed without breaking,
          ADDITION when only items were added. <Code>warnings</Code> name changes where the
          specification expects a new IRI (or a deprecation first) rather than a change in place.
        </Text>
        <ErrorTable
          rows={[
            [400, ErrorCode.ValidationFailed, 'from or to is missing or not a uuid.'],
            [
              400,
              ErrorCode.BadRequest,
              'to is left out but the profile has no published version yet.',
            ],
            [403, ErrorCode.Forbidden, 'A draft was asked for with a key without read permission.'],
            [
              404,
              ErrorCode.NotFound,
              'No such profile, a version of another profile, or a draft you may not see.',
            ],
            [406, ErrorCode.NotAcceptable, 'Accept names neither JSON nor Markdown.'],
            ...LIMIT_ERRORS,
          ]}
        />
      </DocSection>

      <Examples page="changes" />
    </Stack>
  );
}
