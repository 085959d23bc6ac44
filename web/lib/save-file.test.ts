import { afterEach, describe, expect, it, vi } from 'vitest';
import { OBJECT_URL_LIFETIME_MS, saveFile } from './save-file';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('saveFile', () => {
  it('clicks a link named after the file and keeps its URL until the browser has had time to read it', () => {
    vi.useFakeTimers();
    const revoked: string[] = [];
    URL.createObjectURL = () => 'blob:saved';
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
    const clicked: { href: string; name: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, name: this.download });
    });

    saveFile('profile.jsonld', new Blob(['{}']));

    expect(clicked).toEqual([{ href: 'blob:saved', name: 'profile.jsonld' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS - 1);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(revoked).toEqual(['blob:saved']);
  });
});
