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
import { apiInfoPath } from '../../lib/paths';

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

const PUBLISHED_PROFILE =
  'The IRI of a profile published on this server (its current published version is used) or the IRI of one of its published versions.';
const PROFILE_FIELD: Param = { name: 'profile', need: 'Required', meaning: PUBLISHED_PROFILE };
const SIMULATE_PROFILE_FIELD: Param = {
  ...PROFILE_FIELD,
  meaning: `${PUBLISHED_PROFILE} With a read key of its working group in x-api-key, a draft's version IRI, or the IRI of a profile never published.`,
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
          The statement is checked whatever its category: naming the profile in the call asks for
          the check. <Code>204</Code> with no body when some template applies and the statement
          follows every template that applies. Otherwise <Code>400</Code> with the code{' '}
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
          here. The profile binds the statements that name one of its versions in{' '}
          <Code>context.contextActivities.category</Code>: only those are checked, and the others
          are listed as <Code>skipped</Code> without failing the batch. They are grouped by
          registration (and subregistration), ordered by timestamp (the order in the array breaks
          ties), each is checked against the templates as{' '}
          <Anchor component={Link} to={apiInfoPath('validate-templates')}>
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
          Each registration is <em>followed</em> (a primary pattern matched every statement, and
          each follows the templates), <em>partial</em> (it stopped part way through a primary
          pattern: more statements could complete it) or <em>not followed</em> (a statement failed
          the templates, statements were left over after the pattern ended, or no primary pattern
          matched). <Code>204</Code> with no body only when every registration is followed.
          Otherwise <Code>400</Code>: with the code <Code>PATTERNS_INCOMPLETE</Code> and{' '}
          <Code>outcome</Code> <Code>partial</Code> when no registration is broken but some is still
          open, which is not followed yet; with <Code>PATTERNS_NOT_FOLLOWED</Code> and{' '}
          <Code>outcome</Code> <Code>not-followed</Code> otherwise. Either way a{' '}
          <Code>message</Code> says what stopped first (statements named by their index in your
          array) and the explanation follows: <Code>streams</Code>, one per registration not
          followed, with its <Code>outcome</Code>, the <Code>reason</Code> when not followed (
          <Code>failed-template</Code>, <Code>left-over</Code>, <Code>no-match</Code>,{' '}
          <Code>no-primary-pattern</Code>), the <Code>patternId</Code> the verdict speaks of, the
          templates <Code>expected</Code> next when partial, its <Code>statements</Code> (indexes
          into your array, in matching order), those that did not follow the templates (
          <Code>notValidated</Code>) and, for each primary pattern, its <Code>outcome</Code> (
          <Code>success</Code>, <Code>partial</Code> when it ran out of statements,{' '}
          <Code>failure</Code>), the statements <Code>remaining</Code> and a <Code>trace</Code> of
          where it stopped and which templates it expected there; <Code>skipped</Code>, the
          statements the profile does not bind; and <Code>rejected</Code>, those that cannot be
          grouped. A batch in which no statement names the profile is refused too, as not followed:
          nothing was checked.
        </Text>
        <ErrorTable
          rows={[
            [
              400,
              ErrorCode.PatternsIncomplete,
              'Some registration stopped part way: not followed yet, though more statements could complete it (see what it expects next).',
            ],
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

/** /api-info/simulate */
export function SimulatePage() {
  return (
    <Stack gap="xl">
      <EndpointHeader title="Simulate Statements" method="POST" paths={['/api/simulate']}>
        <Text>
          Generates xAPI statements from the primary patterns of a profile published here, to try a
          profile with data before anyone records any. For each actor and each registration a
          primary pattern is walked (alternates chosen by weight, optional and repeated parts at
          random), and each template gives a statement that meets its determining properties and
          every rule, with the profile version in <Code>context.contextActivities.category</Code>.
          Every statement is checked against its template, as{' '}
          <Anchor component={Link} to={apiInfoPath('validate-templates')}>
            Validate Statement (Templates)
          </Anchor>{' '}
          does, and every registration against the primary patterns, as{' '}
          <Anchor component={Link} to={apiInfoPath('validate-patterns')}>
            Validate Statements (Patterns)
          </Anchor>{' '}
          does, before it is sent. The same body gives the same bytes.
        </Text>
        <Text>
          No key is needed for a published profile, and web pages on any site may call it. A working
          group simulates its draft by sending one of its keys with read permission in{' '}
          <Code>x-api-key</Code> and the draft&apos;s version IRI (or the IRI of a profile never
          published) in <Code>profile</Code>; to anyone else the draft is not found. The command
          line does the same without limits:{' '}
          <Code>npx xapi-profile simulate --profile PROFILE.jsonld</Code>.
        </Text>
        <Text>
          On this site, every version page has <strong>Generate Statements</strong>, drafts included
          for the members of their working group. It calls the site&apos;s own{' '}
          <Code>
            POST /app/profile/{'{profileId}'}/version/{'{versionId}'}/simulate
          </Code>
          , which runs the same simulation with the same limits and answers the statements whole,
          each with the template and primary pattern it came from beside it.
        </Text>
      </EndpointHeader>

      <DocSection title="Request">
        <ParamTable
          label="Headers"
          params={[
            { name: 'Content-Type', need: 'Required', meaning: 'application/json' },
            {
              name: 'x-api-key',
              need: 'Optional',
              meaning: "A read key of the draft's working group, to simulate a draft.",
            },
          ]}
        />
        <ParamTable
          label="Body fields"
          params={[
            SIMULATE_PROFILE_FIELD,
            {
              name: 'seed',
              need: 'Optional',
              meaning: 'Any whole number or text (default 0).',
            },
            {
              name: 'max',
              need: 'Optional',
              meaning:
                'Most statements, 1 to 10,000 (default 1,000). Registrations are never cut, so a run may end a registration short.',
            },
            {
              name: 'start, end',
              need: 'Optional',
              meaning:
                'ISO 8601 instants: the first timestamp (default 2025-01-01T00:00:00Z) and the last allowed (default none).',
            },
            { name: 'registrations', need: 'Optional', meaning: 'Registrations per actor.' },
            {
              name: 'personae',
              need: 'Optional',
              meaning:
                'The actors: a group {"name", "member": [{"name", "mbox" or "account"}]}, an array of groups, or an array of actors (default three example actors).',
            },
            {
              name: 'model',
              need: 'Optional',
              meaning:
                'How it chooses: "weights" by pattern or template IRI, "optional" and "recommended" probabilities, "repeat" limits, "period" and "gap" in seconds {"min", "max"}.',
            },
          ]}
        />
      </DocSection>

      <DocSection title="Response">
        <Text>
          <Code>200</Code> with <Code>application/x-ndjson</Code>: one statement a line, in
          timestamp order, sent as they are made. No registration starts after 10 seconds of work;
          those started are finished. When nothing of the profile can be simulated, <Code>400</Code>{' '}
          with the code <Code>SIMULATION_IMPOSSIBLE</Code> and <Code>problems</Code>: for each
          template or pattern that cannot be simulated, its <Code>id</Code>, for a rule its{' '}
          <Code>ruleIndex</Code> (from 0) and <Code>location</Code>, and the <Code>reason</Code> (a
          rule no value can follow, rules that undo each other, a pattern the specification&apos;s
          greedy matching never accepts).
        </Text>
        <ErrorTable
          rows={[
            [
              400,
              ErrorCode.SimulationImpossible,
              'No primary pattern of the profile can be simulated (see problems).',
            ],
            [
              400,
              ErrorCode.ValidationFailed,
              'A field is missing, of the wrong type or out of range.',
            ],
            [
              400,
              ErrorCode.BadRequest,
              'The personae or the model cannot be used (an actor without mbox or account, a probability above 1).',
            ],
            [
              404,
              ErrorCode.NotFound,
              'No profile or version with that IRI is published on this server (drafts cannot be used).',
            ],
            ...LIMIT_ERRORS,
          ]}
        />
      </DocSection>
    </Stack>
  );
}
