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

  it('writes form fields URL-encoded over the wire and one --data-urlencode each in curl', () => {
    const form = example({
      request: {
        method: 'POST',
        path: '/api/validate_templates',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        form: { statement: { a: 'b c' }, profile: 'https://p.example/x' },
      },
    });
    expect(httpRequest(form, ORIGIN)).toBe(
      'POST /api/validate_templates HTTP/1.1\nHost: profiles.example.org\nContent-Type: application/x-www-form-urlencoded\n\nstatement=%7B%22a%22%3A%22b+c%22%7D&profile=https%3A%2F%2Fp.example%2Fx',
    );
    expect(curlCommand(form, ORIGIN)).toBe(
      `curl -i -X POST 'https://profiles.example.org/api/validate_templates' \\\n  -H 'Content-Type: application/x-www-form-urlencoded' \\\n  --data-urlencode 'statement={"a":"b c"}' \\\n  --data-urlencode 'profile=https://p.example/x'`,
    );
    expect(httpResponse(example({ response: { status: 204 } }), ORIGIN)).toBe(
      'HTTP/1.1 204 No Content',
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
