import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/**
 * The niceness of a SPARQL thread (query workers and the converter). At 10 the kernel gives such
 * a thread about a tenth of the weight of the thread that serves requests when both want a core:
 * a heavy query or a conversion takes what is left over, never the time a page or a document
 * read needs. Queries still get every idle cycle.
 */
export const SPARQL_THREAD_NICENESS = 10;

/**
 * Lowers the scheduling priority of the calling worker thread. Linux keeps a niceness per thread
 * and names the calling one `/proc/thread-self`; elsewhere (or if refused) nothing changes and
 * false is answered. Never lowers the main thread: that would slow every request.
 */
export function lowerThisThreadPriority(niceness = SPARQL_THREAD_NICENESS): boolean {
  if (isMainThread) return false;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    // Only ever lower: a process already started nicer than this keeps its own setting.
    setPriority(threadId, Math.max(getPriority(threadId), niceness));
    return true;
  } catch {
    return false;
  }
}
