/**
 * How long a saved file's object URL outlives the click that saves it. The browser reads the
 * URL after the click returns, on its own schedule: revoked at once, a busy browser may find
 * nothing and start no download at all.
 */
export const OBJECT_URL_LIFETIME_MS = 60_000;

/** Hands bytes made in the page to the browser as a download named `fileName`. */
export function saveFile(fileName: string, blob: Blob): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), OBJECT_URL_LIFETIME_MS);
}
