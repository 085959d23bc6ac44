import type { ApiExample } from '../../../common/api-examples';
import { curlCommand, httpRequest, httpResponse } from './format';

const ORIGIN = 'https://profiles.example.org';

const example = (over: Partial<ApiExample>): ApiExample => ({
  id: 'x',
  page: 'post',
  title: 'X',
  description: '',
  request: { method: 'GET', path: '/api/profile', headers: {} },
  response: { status: 200 },
  ...over,
});

describe('example formatting', () => {
  it('writes the request as HTTP, with this server as the host', () => {
    const text = httpRequest(
      example({
        request: {
          method: 'POST',
          path: '/api/validate',
          headers: { 'Content-Type': 'application/json' },
          body: { a: 1 },
        },
      }),
      ORIGIN,
    );
    expect(text).toBe(
      'POST /api/validate HTTP/1.1\nHost: profiles.example.org\nContent-Type: application/json\n\n{\n  "a": 1\n}',
    );
  });

  it('quotes curl arguments for the shell, quotes inside included', () => {
    const text = curlCommand(
      example({
        request: { method: 'PUT', path: '/api/p', headers: { 'x-api-key': 'k' }, body: "it's" },
      }),
      ORIGIN,
    );
    expect(text).toBe(
      `curl -i -X PUT 'https://profiles.example.org/api/p' \\\n  -H 'x-api-key: k' \\\n  --data '"it'\\''s"'`,
    );
  });

  it('writes answers with their status line, headers and body, {site} filled', () => {
    expect(
      httpResponse(
        example({
          response: { status: 304, headers: { ETag: '{etag}' } },
        }),
        ORIGIN,
      ),
    ).toBe('HTTP/1.1 304 Not Modified\nETag: {etag}');
    expect(
      httpResponse(
        example({ response: { status: 200, body: { url: '{site}/profile/{profile_uuid}' } } }),
        ORIGIN,
      ),
    ).toBe(
      'HTTP/1.1 200 OK\n\n{\n  "url": "https://profiles.example.org/profile/{profile_uuid}"\n}',
    );
    expect(httpResponse(example({ response: { status: 200, text: 'a .\n…' } }), ORIGIN)).toBe(
      'HTTP/1.1 200 OK\n\na .\n…',
    );
  });
});
