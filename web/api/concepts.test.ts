import { describe, expect, it } from 'vitest';
import { deletedItemsUrl } from './concepts';

// What concepts share with templates and patterns is tested in items.test.ts.
describe('concept addresses', () => {
  it('builds the deleted-items address', () => {
    expect(deletedItemsUrl('p1', 'v1', 4)).toBe(
      '/app/deleted-items/profile/p1/version/v1?page=4&limit=10',
    );
  });
});
