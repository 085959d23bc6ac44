import pg from 'pg';

/**
 * What a listener hears: each notification's payload, and whether it is hearing at all. While
 * `live` is false notifications may be lost (the connection dropped), so whoever relies on them
 * must stop trusting what it kept.
 */
export interface ChannelHandlers {
  message(payload: string): void;
  live(listening: boolean): void;
}

/** Stops listening; resolves once the connection is released. */
export type StopListening = () => Promise<void>;

/** Channel names are written into LISTEN as identifiers, so only plain ones are accepted. */
function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`unusable channel name ${channel}`);
  return channel;
}

/**
 * PGlite is one process and one node: its own NOTIFY reaches its listeners right after the
 * notifying transaction commits, before the committing call returns.
 */
export async function listenPglite(
  client: {
    listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  },
  channel: string,
  handlers: ChannelHandlers,
): Promise<StopListening> {
  const unlisten = await client.listen(checkedChannel(channel), (payload) =>
    handlers.message(payload),
  );
  handlers.live(true);
  return async () => {
    handlers.live(false);
    await unlisten();
  };
}

const RETRY_MS = 1000;

/**
 * PostgreSQL: a connection of its own (a pooled one would be handed to queries and lose the
 * LISTEN), reopened after a second whenever it drops. Every node listens, so a change committed
 * on one reaches all.
 */
export async function listenPostgres(
  config: pg.ClientConfig,
  channel: string,
  handlers: ChannelHandlers,
): Promise<StopListening> {
  const name = checkedChannel(channel);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const lost = (dropped: pg.Client) => {
    if (client !== dropped) return;
    client = null;
    handlers.live(false);
    dropped.removeAllListeners();
    dropped.on('error', () => {});
    void dropped.end().catch(() => {});
    if (!stopped) retry = setTimeout(() => void connect(), RETRY_MS);
  };

  const connect = async (): Promise<void> => {
    retry = null;
    const next = new pg.Client(config);
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (n) => {
      if (n.channel === name) handlers.message(n.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${name}`);
      if (stopped || client !== next) return;
      handlers.live(true);
    } catch {
      lost(next);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    handlers.live(false);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners();
      current.on('error', () => {});
      await current.end().catch(() => {});
    }
  };
}
