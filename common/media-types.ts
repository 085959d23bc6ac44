/**
 * The media types a Document concept's picker offers (its `contentType`): the common registered
 * types a learning record store keeps as state or profile documents. Only types IANA registers
 * (or in the vendor or `x-` trees, which it does not look up): the validator warns of any other. The spec keeps a fixed list
 * whose id and name are both the media type string.
 */
export const MEDIA_TYPES = [
  'application/json',
  'application/ld+json',
  'application/xml',
  'application/octet-stream',
  'application/pdf',
  'application/zip',
  'application/gzip',
  'application/x-tar',
  'application/x-www-form-urlencoded',
  'application/xhtml+xml',
  'application/rtf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/epub+zip',
  'application/geo+json',
  'application/yaml',
  'application/sparql-results+json',
  'application/n-quads',
  'application/n-triples',
  'application/rdf+xml',
  'application/trig',
  'text/plain',
  'text/html',
  'text/css',
  'text/csv',
  'text/tab-separated-values',
  'text/markdown',
  'text/xml',
  'text/javascript',
  'text/turtle',
  'text/calendar',
  'text/vtt',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'image/bmp',
  'image/tiff',
  'audio/mpeg',
  'audio/ogg',
  'audio/vnd.wave',
  'video/mp4',
  'video/mpeg',
  'video/ogg',
  'font/woff',
  'font/woff2',
  'multipart/form-data',
  'multipart/mixed',
] as const;

/** The listed types containing the typed text, ignoring case and surrounding spaces. */
export function filterMediaTypes(text: string, list: readonly string[] = MEDIA_TYPES): string[] {
  const wanted = text.trim().toLowerCase();
  return wanted === '' ? [...list] : list.filter((type) => type.includes(wanted));
}
