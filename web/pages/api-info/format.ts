import {
  fillPlaceholders,
  formFieldText,
  type ApiExample,
  type JsonValue,
} from '../../../common/api-examples';

/** Reason phrases of the statuses the examples show. */
const REASONS: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export const statusLine = (status: number): string =>
  `${status} ${REASONS[status] ?? ''}`.trimEnd();

const pretty = (value: JsonValue): string => JSON.stringify(value, null, 2);

/** `{site}` is this server; every other placeholder stays for the reader to fill. */
const onThisServer = (text: string, origin: string): string =>
  fillPlaceholders(text, { site: origin });

const headerLines = (headers: Record<string, string> | undefined): string[] =>
  Object.entries(headers ?? {}).map(([name, value]) => `${name}: ${value}`);

const formFields = (form: Record<string, JsonValue>): Array<[string, string]> =>
  Object.entries(form).map(([name, value]) => [name, formFieldText(value)]);

/** The body as sent: JSON, or the form fields URL-encoded. */
function bodyText(request: ApiExample['request']): string | undefined {
  if (request.form) return new URLSearchParams(formFields(request.form)).toString();
  return request.body === undefined ? undefined : pretty(request.body);
}

/** The request as it goes over the wire. */
export function httpRequest(example: ApiExample, origin: string): string {
  const { method, path, headers } = example.request;
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${new URL(origin).host}`];
  lines.push(...headerLines(headers));
  const body = bodyText(example.request);
  const text = body === undefined ? lines.join('\n') : `${lines.join('\n')}\n\n${body}`;
  return onThisServer(text, origin);
}

/** Single quotes for the shell, with any quote inside closed, escaped and reopened. */
const quoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** The same request as a curl command; -i shows the answer's headers too. */
export function curlCommand(example: ApiExample, origin: string): string {
  const { method, path, headers, body, form } = example.request;
  const parts = [`curl -i${method === 'GET' ? '' : ` -X ${method}`} ${quoted(`${origin}${path}`)}`];
  for (const line of headerLines(headers)) parts.push(`-H ${quoted(line)}`);
  // curl encodes each form field itself, so the command shows the JSON text readably.
  for (const [name, text] of form ? formFields(form) : [])
    parts.push(`--data-urlencode ${quoted(`${name}=${text}`)}`);
  if (body !== undefined) parts.push(`--data ${quoted(pretty(body))}`);
  return onThisServer(parts.join(' \\\n  '), origin);
}

/** The answer: status line, the headers the example documents, then the body. */
export function httpResponse(example: ApiExample, origin: string): string {
  const { status, headers, body, text } = example.response;
  const head = [`HTTP/1.1 ${statusLine(status)}`, ...headerLines(headers)].join('\n');
  const content = body === undefined ? text : pretty(body);
  return onThisServer(content === undefined ? head : `${head}\n\n${content}`, origin);
}
