import { Anchor, Code, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { GuidelineSteps } from '../../components/GuidelineSteps';
import {
  apiInfoPath,
  createProfilePath,
  faqPath,
  organizationsPath,
  profilesPath,
  searchPath,
} from '../../lib/paths';

/* The body of each section of the guidelines page. Headings and anchors are added by the page. */

const EXAMPLE_PROFILE_IRI = 'https://w3id.org/xapi/example-profile';
const EXAMPLE_CONCEPT_IRI = `${EXAMPLE_PROFILE_IRI}/verbs/completed-reading`;

function serverOrigin(): string {
  return typeof window === 'undefined' ? 'https://profiles.example.org' : window.location.origin;
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Anchor>
  );
}

export function BeforeYouBegin() {
  return (
    <>
      <Text>
        An xAPI Profile is a shared agreement about how a community records one kind of experience
        in xAPI statements: which verbs, activity types and extensions to use, what each statement
        must contain, and in what order statements are expected. A little preparation now saves a
        lot of rework later.
      </Text>
      <List spacing="xs">
        <List.Item>
          <strong>Know the basics of xAPI.</strong> You should be comfortable with the parts of a
          statement (actor, verb, object, result and context). The xAPI specification listed under
          External Resources is the reference.
        </List.Item>
        <List.Item>
          <strong>Look for existing work.</strong> Someone may already publish a profile for your
          domain, or concepts you can reuse.{' '}
          <Anchor component={Link} to={profilesPath()}>
            Explore published profiles
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to={searchPath()}>
            search concepts
          </Anchor>{' '}
          before you plan anything new.
        </List.Item>
        <List.Item>
          <strong>Join a working group.</strong> Every profile is owned by a working group, and only
          its members can edit and publish it.{' '}
          <Anchor component={Link} to={organizationsPath()}>
            Find a working group
          </Anchor>{' '}
          to join, or create one for your project.
        </List.Item>
        <List.Item>
          <strong>Collect sample data.</strong> A handful of real or realistic statements shows
          quickly which concepts you need and which already exist.
        </List.Item>
        <List.Item>
          <strong>Plan for the long term.</strong> Decide who will maintain the profile and under
          which permanent address its IRIs will live; both are hard to change after publishing.
        </List.Item>
      </List>
    </>
  );
}

export function GettingStarted() {
  return (
    <>
      <Text>Most successful profiles are built in four steps:</Text>
      <GuidelineSteps headingOrder={3} />
      <Title order={3} mt="md">
        Your first profile on this server
      </Title>
      <List type="ordered" spacing="xs">
        <List.Item>
          Sign in and open{' '}
          <Anchor component={Link} to={organizationsPath()}>
            Working Groups
          </Anchor>
          . Create a group, or ask to join an existing one and wait for a group admin to approve.
        </List.Item>
        <List.Item>
          Choose{' '}
          <Anchor component={Link} to={createProfilePath()}>
            Create xAPI Profile
          </Anchor>
          , select your working group, and give the profile a name and a description.
        </List.Item>
        <List.Item>
          The new profile is a draft that only your working group can see. Add concepts, statement
          templates and patterns, or import an existing profile or sample statements from a JSON
          file and match them against concepts already on the server.
        </List.Item>
        <List.Item>
          Review the draft with your group, then publish it. Publishing makes the version public and
          fixes its IRI for good.
        </List.Item>
      </List>
    </>
  );
}

export function AuthoringProfiles() {
  return (
    <>
      <Text>A profile is made of three kinds of items:</Text>
      <List spacing="xs">
        <List.Item>
          <strong>Concepts</strong>, the vocabulary: verbs, activity types, attachment usage types,
          extensions, document resources and activities.
        </List.Item>
        <List.Item>
          <strong>Statement templates</strong>, rules describing what one kind of statement must
          contain, such as its verb, its activity type and required or forbidden properties.
        </List.Item>
        <List.Item>
          <strong>Patterns</strong>, which describe how statements following the templates are
          expected to occur together: in sequence, as alternatives, optionally or repeatedly.
        </List.Item>
      </List>

      <Title order={3}>Reuse before you invent</Title>
      <Text>
        Every new IRI is one more term that tools and analysts have to learn, and two IRIs for the
        same idea split data that should be compared. When a concept in another published profile
        means what you need, add it to your profile rather than defining a copy. Create a new
        concept only when nothing fits, and explain in its description how it differs from similar
        ones.
      </Text>

      <Title order={3}>Write clear definitions</Title>
      <Text>
        Keep names short and descriptions precise: say what the concept means and when to use it,
        not how a particular product uses it. English is required; add translations so that people
        working in other languages can adopt the profile.
      </Text>

      <Title order={3}>Designing IRIs</Title>
      <Text>
        IRIs name your profile and everything in it, and they become permanent when you publish. We
        recommend building them from four parts:
      </Text>
      <List type="ordered" spacing="xs">
        <List.Item>
          A permanent base you control, such as <Code>https://w3id.org/xapi/</Code>
        </List.Item>
        <List.Item>
          The profile name as a short slug, such as <Code>example-profile</Code>
        </List.Item>
        <List.Item>
          The concept type, such as <Code>verbs</Code>, <Code>activity-types</Code>,{' '}
          <Code>extensions</Code>, <Code>templates</Code> or <Code>patterns</Code>
        </List.Item>
        <List.Item>
          The concept itself, such as <Code>completed-reading</Code>
        </List.Item>
      </List>
      <Text>Put together, the profile and one of its verbs look like this:</Text>
      {/* Focusable: at 390 px the IRIs scroll sideways, and a keyboard must reach what they hide. */}
      <Code block tabIndex={0} aria-label="A profile IRI and one of its verbs' IRIs">
        {EXAMPLE_PROFILE_IRI}
        {'\n'}
        {EXAMPLE_CONCEPT_IRI}
      </Code>
      <List spacing="xs">
        <List.Item>
          <strong>Make it permanent.</strong> Never change or recycle an IRI once it is published. A
          redirect service such as w3id.org lets the address outlive any one server.
        </List.Item>
        <List.Item>
          <strong>Use lowercase.</strong> Separate words with hyphens and avoid spaces, capitals and
          special characters, so the IRI is easy to type and compare.
        </List.Item>
        <List.Item>
          <strong>No trailing slash.</strong> End the IRI with the last word, not with{' '}
          <Code>/</Code>. The server removes a trailing slash from an IRI you enter yourself.
        </List.Item>
        <List.Item>
          <strong>Leave versions out.</strong> Do not put version numbers or dates in concept IRIs;
          a concept keeps its IRI across all versions of the profile.
        </List.Item>
        <List.Item>
          <strong>Reuse before inventing.</strong> If a suitable IRI already exists, use it. If you
          do not need a readable IRI at all, let the server generate one for you.
        </List.Item>
      </List>

      <Title order={3}>Versioning: MODEL.REVISION.ADDITION</Title>
      <Text>
        The server numbers the versions of a profile 1, 2, 3 and so on as you publish them. To tell
        implementers how much a release changes, describe it with a three-part number, for example
        in the version description. Raise one part per release and reset the parts to its right to
        zero.
      </Text>
      <List spacing="xs">
        <List.Item>
          <strong>MODEL</strong> changes when existing data no longer fits at all, for example when
          a template now requires a different verb or a pattern is restructured: <Code>1.4.2</Code>{' '}
          becomes <Code>2.0.0</Code>.
        </List.Item>
        <List.Item>
          <strong>REVISION</strong> changes when some existing statements may stop conforming, for
          example when a template rule makes an optional property required: <Code>1.4.2</Code>{' '}
          becomes <Code>1.5.0</Code>.
        </List.Item>
        <List.Item>
          <strong>ADDITION</strong> changes when everything that conformed before still conforms,
          for example after adding a concept or template, a translation or a clearer description:{' '}
          <Code>1.4.2</Code> becomes <Code>1.4.3</Code>.
        </List.Item>
      </List>
    </>
  );
}

export function PublishingProfiles() {
  const origin = serverOrigin();
  return (
    <>
      <Title order={3}>Publishing on this server</Title>
      <Text>
        When the draft is ready, a member of the working group opens its current version and chooses
        Publish. For the first version you confirm the profile IRI, either one generated by the
        server or your own, and acknowledge that it is permanent. A published version is public: it
        is listed and searchable, can be exported as JSON-LD, is served by the public API, and its
        items can be referenced from other profiles. You may then request verification, an optional
        review by the site administrators.
      </Text>

      <Title order={3}>Sharing through a pull request</Title>
      <Text>
        Many communities also keep their profiles in a shared Git repository, so that changes are
        discussed and reviewed in the open. A typical contribution looks like this:
      </Text>
      <List type="ordered" spacing="xs">
        <List.Item>Export the published version as JSON-LD from its profile page.</List.Item>
        <List.Item>
          Fork the repository of profiles your community uses and create a branch for your change.
        </List.Item>
        <List.Item>
          Add the JSON-LD file following the repository&apos;s layout, for example{' '}
          <Code>example-profile/example-profile.jsonld</Code>.
        </List.Item>
        <List.Item>
          Open a pull request that explains what the profile covers, which version it is and what
          changed since the last one.
        </List.Item>
        <List.Item>
          Reviewers check the structure, the IRIs and the reuse of existing concepts. Answer their
          comments; if the content must change, publish a new version here and update the pull
          request with it.
        </List.Item>
        <List.Item>A maintainer merges the pull request once it is approved.</List.Item>
      </List>

      <Title order={3}>Making the IRI resolve</Title>
      <Text>
        Anyone who follows your profile IRI in a browser or a tool should reach the profile. If the
        IRI is on w3id.org, add a redirect for it: fork the w3id.org repository on GitHub, add or
        update the folder for your path (here <Code>xapi/example-profile</Code>) with a rule that
        forwards requests to this server&apos;s lookup by IRI, and open a pull request. Once it is
        merged, the IRI resolves to the JSON-LD served here:
      </Text>
      <Code block tabIndex={0} aria-label="A profile IRI and the address it resolves to">
        {EXAMPLE_PROFILE_IRI}
        {'\n'}
        {`  -> ${origin}/api/profile?iri=${EXAMPLE_PROFILE_IRI}`}
      </Code>
      <Text size="sm" c="dimmed">
        Paths under w3id.org/xapi are shared by the xAPI community, so coordinate with the
        maintainers of that folder before adding yours.
      </Text>
    </>
  );
}

export function UpdatingProfiles() {
  return (
    <>
      <Text>
        A published version never changes, so everyone who built on it can keep relying on it.
        Profiles still evolve; this is how changes work.
      </Text>
      <List spacing="xs">
        <List.Item>
          <strong>Published versions are immutable.</strong> When you add, change or remove
          something in a published profile, the server starts a new draft version containing a copy
          of the current content and applies your change there. Publish the draft to release it as
          the next version.
        </List.Item>
        <List.Item>
          <strong>One draft at a time.</strong> A profile has at most one draft. Publish or delete
          it before starting the next set of changes.
        </List.Item>
        <List.Item>
          <strong>Deprecate rather than delete.</strong> Mark a concept, template or pattern that
          should no longer be used as deprecated, with a reason and, where possible, a link to its
          replacement. It stays readable for existing data; site staff later remove deprecated
          concepts that nothing references.
        </List.Item>
        <List.Item>
          <strong>Earlier versions stay available.</strong> Anyone can open a previous published
          version from the version selector on the profile page.
        </List.Item>
        <List.Item>
          <strong>Verification is per version.</strong> A verified badge applies to one version;
          request verification again for a new one if you want it reviewed.
        </List.Item>
        <List.Item>
          <strong>Say what changed.</strong> Describe each release with a MODEL.REVISION.ADDITION
          number (see <Anchor href="#authoring-profiles">Authoring Profiles</Anchor>) so
          implementers know whether they need to act.
        </List.Item>
      </List>
    </>
  );
}

export function ExternalResources() {
  return (
    <Stack gap="md">
      <List spacing="xs">
        <List.Item>
          <ExternalLink href="https://github.com/adlnet/xapi-profiles">
            xAPI Profiles specification
          </ExternalLink>
          : the structure of profiles, concepts, statement templates and patterns, and how profile
          servers and validators process them.
        </List.Item>
        <List.Item>
          <ExternalLink href="https://github.com/adlnet/xAPI-Spec">xAPI specification</ExternalLink>
          : statements, verbs, activities and the APIs that exchange them.
        </List.Item>
        <List.Item>
          <ExternalLink href="https://w3id.org">w3id.org</ExternalLink>: a community service for
          permanent identifiers that redirect to wherever the content currently lives.
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={apiInfoPath()}>
            API documentation
          </Anchor>
          : fetch, import, validate and query profiles on this server from your own software.
        </List.Item>
      </List>
      <Text>
        Still have a question? Read the{' '}
        <Anchor component={Link} to={faqPath()}>
          frequently asked questions
        </Anchor>
        , or use the help-desk link in the footer to contact the people who run this server.
      </Text>
    </Stack>
  );
}
