/**
 * The registry of media types the validator reads is what the generator makes of the installed
 * mime-db: after an upgrade, this fails until `node --import tsx scripts/generate-media-types.ts`
 * is run again.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mediaTypesModule } from './generate-media-types';

describe('the registered media types', () => {
  it('are the ones the generator reads from mime-db', () => {
    const committed = readFileSync(new URL('../xapi/media-types.ts', import.meta.url), 'utf8');
    expect(committed).toBe(mediaTypesModule());
  });
});
