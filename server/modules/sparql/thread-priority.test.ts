import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { uniqueProfile } from '../../test/public-api';
import { GraphConverter } from './converter';
import { lowerThisThreadPriority, SPARQL_THREAD_NICENESS } from './thread-priority';

/** The niceness of each thread of this process, by thread id (Linux). */
function nicenessOfThreads(): Map<number, number> {
  const threads = new Map<number, number>();
  for (const id of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
    // Fields after the command name in parentheses: state is the 3rd field, niceness the 19th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    threads.set(Number(id), Number(fields[16]));
  }
  return threads;
}

const linux = existsSync('/proc/thread-self');

describe.skipIf(!linux)('the priority of SPARQL threads (Linux)', () => {
  let converter: GraphConverter | null = null;
  afterEach(async () => {
    await converter?.close();
    converter = null;
  });

  it('lowers a converter thread below the thread serving requests, and never that one', async () => {
    const mainBefore = nicenessOfThreads().get(process.pid);
    expect(lowerThisThreadPriority()).toBe(false);
    expect(nicenessOfThreads().get(process.pid)).toBe(mainBefore);

    const before = nicenessOfThreads();
    converter = new GraphConverter();
    const { base, doc } = uniqueProfile();
    await converter.toNTriples(JSON.stringify(doc), `${base}/v1`);
    const started = [...nicenessOfThreads()].filter(([id]) => !before.has(id));
    expect(started.map(([, niceness]) => niceness)).toContain(SPARQL_THREAD_NICENESS);
    expect(nicenessOfThreads().get(process.pid)).toBe(mainBefore);
  });
});
