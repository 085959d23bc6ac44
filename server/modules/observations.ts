/**
 * What the server's parts report for the operator's metrics (`/metrics`), as Node's diagnostics
 * channels: a part publishes an outcome where it happens and knows nothing of who listens; with
 * nobody subscribed a report costs one check. The HTTP edge subscribes while an app runs
 * (`server/http/prometheus.ts`).
 */
import { channel } from 'node:diagnostics_channel';

export interface Observations {
  /** A job run ended. */
  job: { queue: string; outcome: 'completed' | 'failed' };
  /** A webhook delivery attempt ended: delivered, to be tried again, or failed for good. */
  webhook: { outcome: 'delivered' | 'retry' | 'failed' };
  /** A send of simulated statements to an LRS ended. */
  lrs: { outcome: 'sent' | 'failed'; statements: number };
  /** A SPARQL query ended. */
  sparql: { outcome: 'answered' | 'timeout' | 'refused' | 'failed' };
  /** A request was refused because the node is under pressure. */
  loadShed: { reason: 'event-loop' | 'heap' };
}

const channels = {
  job: channel('xps.job'),
  webhook: channel('xps.webhook'),
  lrs: channel('xps.lrs'),
  sparql: channel('xps.sparql'),
  loadShed: channel('xps.load-shed'),
} satisfies Record<keyof Observations, unknown>;

export function observe<K extends keyof Observations>(kind: K, what: Observations[K]): void {
  const c = channels[kind];
  if (c.hasSubscribers) c.publish(what);
}

/** Hears every report of one kind until the answer is called. */
export function listen<K extends keyof Observations>(
  kind: K,
  heard: (what: Observations[K]) => void,
): () => void {
  const c = channels[kind];
  const handler = (message: unknown) => heard(message as Observations[K]);
  c.subscribe(handler);
  return () => {
    c.unsubscribe(handler);
  };
}
