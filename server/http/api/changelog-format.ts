import type { FastifyReply } from 'fastify';
import { AppError } from '../../modules/errors';
import { ErrorCode } from '../../../common/errors';

type Format = 'json' | 'markdown';

const ranges: Record<string, { format: Format; specificity: number }[]> = {
  'application/json': [{ format: 'json', specificity: 2 }],
  'text/markdown': [{ format: 'markdown', specificity: 2 }],
  'application/*': [{ format: 'json', specificity: 1 }],
  'text/*': [{ format: 'markdown', specificity: 1 }],
  '*/*': [{ format: 'json', specificity: 0 }],
};

/**
 * The form of a comparison an Accept header prefers: JSON, or the Markdown changelog
 * (`text/markdown`). Highest q wins, then the more specific range, then JSON.
 */
export function changelogFormat(accept: string | undefined): Format {
  if (!accept || accept.trim() === '') return 'json';
  let best: { format: Format; q: number; specificity: number } | null = null;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    for (const { format, specificity } of ranges[range] ?? []) {
      if (
        !best ||
        q > best.q ||
        (q === best.q && specificity > best.specificity) ||
        (q === best.q && specificity === best.specificity && format === 'json')
      )
        best = { format, q, specificity };
    }
  }
  if (!best)
    throw new AppError(
      406,
      ErrorCode.NotAcceptable,
      'A comparison is available as application/json or text/markdown.',
    );
  return best.format;
}

/** Sends a changelog as Markdown (outside the JSON answer schema of the route). */
export function sendMarkdown(reply: FastifyReply, markdown: string) {
  return reply.type('text/markdown; charset=utf-8').send(markdown);
}
