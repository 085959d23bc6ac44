import { Anchor, Center, Code, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { HttpError } from '../../api/http';
import { useMyOrganizations } from '../../api/organizations';
import { useResolveIri } from '../../api/profiles';
import { useSession } from '../../api/session';
import { PageHeading } from '../../components/PageHeading';
import { isMembership } from '../../lib/format';
import {
  groupVersionPath,
  iriLookupPath,
  profilesPath,
  publicProfilePath,
  publicVersionPath,
} from '../../lib/paths';
import { ErrorAlert } from '../../components/parts';

const PREFIX = iriLookupPath('');

/**
 * The IRI an address names: the rest of the path after /api/iri/, decoded, with any query and
 * fragment. A `scheme:/host` collapsed by a proxy gets its second slash back.
 */
export function iriFromLocation(location: {
  pathname: string;
  search: string;
  hash: string;
}): string {
  const raw = location.pathname.startsWith(PREFIX) ? location.pathname.slice(PREFIX.length) : '';
  let iri: string;
  try {
    iri = decodeURIComponent(raw);
  } catch {
    iri = raw;
  }
  iri = iri.replace(/^([a-z][a-z0-9+.-]*):\/(?!\/)/i, '$1://');
  return iri === '' ? '' : `${iri}${location.search}${location.hash}`;
}

export const notFoundMessage = (iri: string) => `No profile or item has the IRI ${iri}.`;

/**
 * /api/iri/{iri}: opens the profile, version, concept, template or pattern an IRI names, inside its
 * group for the group's members.
 */
export function IriLookupPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const iri = iriFromLocation(location);
  const session = useSession();
  const resolved = useResolveIri(iri);
  const groups = useMyOrganizations(session.loggedIn);
  const answer = resolved.data;
  const groupsReady = !session.loggedIn || groups.data !== undefined || groups.isError;

  useEffect(() => {
    if (!answer || session.isLoading || !groupsReady) return;
    const membership =
      groups.data?.find((g) => g.uuid === answer.organizationUuid)?.membership ?? null;
    const member = isMembership(membership);
    // An item opens on its own page, in the version the lookup chose.
    const item = answer.item ? `${answer.item.kind}s/${encodeURIComponent(answer.item.uuid)}` : '';
    void navigate(
      member
        ? groupVersionPath(answer.organizationUuid, answer.profileUuid, answer.versionUuid, item)
        : item
          ? publicVersionPath(answer.profileUuid, answer.versionUuid, item)
          : publicProfilePath(answer.profileUuid),
      { replace: true },
    );
  }, [answer, session.isLoading, groupsReady, groups.data, navigate]);

  const notFound =
    iri === '' || (resolved.error instanceof HttpError && resolved.error.status === 404);

  return (
    <Stack gap="md" maw={760}>
      <PageHeading>Profile Lookup</PageHeading>
      {notFound ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Text>
              {iri === '' ? (
                'The address does not name an IRI.'
              ) : (
                <>
                  No profile or item has the IRI{' '}
                  <Code style={{ wordBreak: 'break-all' }}>{iri}</Code>.
                </>
              )}
            </Text>
            <Anchor component={Link} to={profilesPath()}>
              Explore published profiles
            </Anchor>
          </Stack>
        </Paper>
      ) : resolved.error ? (
        <ErrorAlert error={resolved.error} title="Could not look up the IRI" />
      ) : (
        <Center py="xl">
          <Loader role="progressbar" aria-label="Looking up the IRI" />
        </Center>
      )}
    </Stack>
  );
}
