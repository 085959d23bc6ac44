import { Button, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useSetWatch, useWatch } from '../../api/feedback';
import { useSession } from '../../api/session';
import type { ReturnState } from '../../lib/guards';
import { loginPath } from '../../lib/paths';

const watchersText = (n: number) => `${n} ${n === 1 ? 'watcher' : 'watchers'}`;

/**
 * Watch (or stop watching) a profile: a watcher hears by mail of each new version and each
 * deprecation it publishes. Shows how many watch it; a visitor is asked to sign in first.
 */
export function WatchButton({ profileId }: { profileId: string }) {
  const { loggedIn, isLoading } = useSession();
  const location = useLocation();
  const watch = useWatch(profileId);
  const setWatch = useSetWatch(profileId);
  if (!watch.data || isLoading) return null;
  const { watching, watchers } = watch.data;
  const back: ReturnState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };
  return (
    <Group gap="xs" align="center">
      {loggedIn ? (
        <Button
          size="compact-sm"
          variant={watching ? 'light' : 'outline'}
          aria-pressed={watching}
          loading={setWatch.isPending}
          onClick={() => setWatch.mutate(!watching)}
          title={
            watching
              ? 'You hear of each new version and deprecation. Select to stop.'
              : 'Hear by mail of each new version and deprecation.'
          }
        >
          {watching ? 'Watching' : 'Watch'}
        </Button>
      ) : (
        <Button size="compact-sm" variant="outline" component={Link} to={loginPath()} state={back}>
          Sign in to watch
        </Button>
      )}
      <Text size="sm" c="dimmed">
        {watchersText(watchers)}
      </Text>
    </Group>
  );
}
