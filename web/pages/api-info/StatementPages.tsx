import { Anchor, Code, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorCode } from '../../../common/errors';
import {
  DocSection,
  EndpointHeader,
  ErrorTable,
  Examples,
  ParamTable,
  type ErrorRow,
  type Param,
} from './parts';
import { LIMIT_ERRORS } from './shared-params';

const FORM_OR_JSON: Param = {
  name: 'Content-Type',
  need: 'Required',
  meaning: (
    <>
      <Code>application/x-www-form-urlencoded</Code> (POST variables, as the xAPI Profiles
      specification describes; each value is JSON text) or <Code>application/json</Code>.
    </>
  ),
};

const PROFILE_FIELD: Param = {
  name: 'profile',
  need: 'Required',
  meaning:
    'The IRI of a profile published on this server (its current published version is used) or the IRI of one of its published versions.',
};

/** Errors both calls share: bad input, unknown profile, size and rate limits. */
const CHECK_ERRORS: ErrorRow[] = [
  [
    400,
    ErrorCode.ValidationFailed,
    'A field is missing or has the wrong type (for example a number where JSON text is expected).',
  ],
  [
    400,
    ErrorCode.BadRequest,
    'A field is not JSON, nests deeper than 32 levels, contains a NUL character, or is not what the call takes (an object, an array of at most 1,000).',
  ],
  [
    404,
    ErrorCode.NotFound,
    'No profile or version with that IRI is published on this server (drafts cannot be used).',
  ],
  [413, ErrorCode.PayloadTooLarge, 'The body is larger than 5 MB.'],
  [415, ErrorCode.UnsupportedMediaType, 'The body is neither form-encoded nor JSON.'],
  ...LIMIT_ERRORS,
];

function NotForProduction() {
  return (
    <Text>
      No key is needed, and web pages on any site may call it. As the specification says, this is
      for trying profiles out: a Learning Record Store or an authoring tool should check statements
      with its own code or an xAPI Profile Processor library.
    </Text>
  );
}

/** /api-info/validate-templates */
export function ValidateTemplatesPage() {
  return (
    <Stack gap="xl">
      <EndpointHeader
        title="Validate Statement (Templates)"
        method="POST"
        paths={['/api/validate_templates']}
      >
        <Text>
          Checks one xAPI statement against the statement templates of a profile published here: the
          templates whose determining properties (verb, object activity type, context activity
          types, attachment usage types) match the statement apply, and the statement must follow
          every rule of each of them.
        </Text>
        <NotForProduction />
      </EndpointHeader>

      <DocSection title="Request">
        <ParamTable label="Headers" params={[FORM_OR_JSON]} />
        <ParamTable
          label="Body fields"
          params={[
            {
              name: 'statement',
              need: 'Required',
              meaning: 'One xAPI statement: JSON text, or in a JSON body the object itself.',
            },
            PROFILE_FIELD,
          ]}
        />
      </DocSection>

      <DocSection title="Response">
        <Text>
          <Code>204</Code> with no body when some template applies and the statement follows every
          template that applies. Otherwise <Code>400</Code> with the code{' '}
          <Code>STATEMENT_INVALID</Code>, a <Code>message</Code> naming the template and the rule
          that failed first, and the explanation: <Code>outcome</Code> (<Code>invalid</Code>,{' '}
          <Code>unmatched</Code> when no template applies, <Code>not-a-statement</Code>),{' '}
          <Code>statementProblems</Code> (where the statement breaks the xAPI basics, as JSON
          Pointers), and <Code>templates</Code>: the templates that apply — or, when none does, each
          template with the determining property that did not match — each with its{' '}
          <Code>failedRules</Code>: the rule&apos;s <Code>location</Code> and <Code>selector</Code>,
          the <Code>values</Code> found there, what it <Code>required</Code>, and a{' '}
          <Code>message</Code>.
        </Text>
        <ErrorTable
          rows={[
            [
              400,
              ErrorCode.StatementInvalid,
              'The statement does not follow the templates (see the explanation).',
            ],
            ...CHECK_ERRORS,
          ]}
        />
      </DocSection>

      <Examples page="validate-templates" />
    </Stack>
  );
}

/** /api-info/validate-patterns */
export function ValidatePatternsPage() {
  return (
    <Stack gap="xl">
      <EndpointHeader
        title="Validate Statements (Patterns)"
        method="POST"
        paths={['/api/validate_patterns']}
      >
        <Text>
          Checks a batch of xAPI statements against the primary patterns of a profile published
          here. Only statements that name a version of the profile in{' '}
          <Code>context.contextActivities.category</Code> are checked. They are grouped by
          registration (and subregistration), ordered by timestamp (the order in the array breaks
          ties), each is checked against the templates as{' '}
          <Anchor component={Link} to="/api-info/validate-templates">
            Validate Statement (Templates)
          </Anchor>{' '}
          does, and each registration must follow one primary pattern from its first statement to
          its last. Patterns match greedily, as the specification requires.
        </Text>
        <NotForProduction />
      </EndpointHeader>

      <DocSection title="Request">
        <ParamTable label="Headers" params={[FORM_OR_JSON]} />
        <ParamTable
          label="Body fields"
          params={[
            {
              name: 'statements',
              need: 'Required',
              meaning:
                'A JSON array of 1 to 1,000 xAPI statements: JSON text, or in a JSON body the array itself.',
            },
            PROFILE_FIELD,
          ]}
        />
      </DocSection>

      <DocSection title="Response">
        <Text>
          <Code>204</Code> with no body when every registration follows a primary pattern. Otherwise{' '}
          <Code>400</Code> with the code <Code>PATTERNS_NOT_FOLLOWED</Code>, a <Code>message</Code>{' '}
          saying what failed first, and the explanation: <Code>streams</Code>, one per registration
          that failed, with its <Code>statements</Code> (indexes into your array, in matching
          order), those that did not follow the templates (<Code>notValidated</Code>) and, for each
          primary pattern, its <Code>outcome</Code> (<Code>partial</Code> when it ran out of
          statements, <Code>failure</Code>), the statements <Code>remaining</Code> and a{' '}
          <Code>trace</Code> of where it stopped and which templates it expected there;{' '}
          <Code>skipped</Code>, the statements that name no version of the profile; and{' '}
          <Code>rejected</Code>, those that cannot be grouped. A batch in which no statement names
          the profile is refused too: nothing was checked.
        </Text>
        <ErrorTable
          rows={[
            [
              400,
              ErrorCode.PatternsNotFollowed,
              'Some registration does not follow a primary pattern (see the explanation).',
            ],
            ...CHECK_ERRORS,
          ]}
        />
      </DocSection>

      <Examples page="validate-patterns" />
    </Stack>
  );
}
