/**
 * Limits on any input, whatever the route: what the server refuses at the edge (and the web app
 * can check before sending).
 */
export const INPUT_LIMITS = {
  /**
   * How deep arrays and objects may nest in a request body or a JSON text field (a rule, an
   * example statement, a profile document). Real profiles and statements stay under 15; deeper
   * input only costs time and stack on every later read.
   */
  jsonDepthMax: 64,
} as const;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why a piece of text cannot be stored, or null: PostgreSQL refuses NUL in text, and a lone
 * UTF-16 surrogate is no character (it cannot be written as UTF-8).
 */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain the NUL character (U+0000); remove it';
  const lone = LONE_SURROGATE.exec(text);
  if (lone)
    return `must not contain a lone surrogate (U+${lone[0].charCodeAt(0).toString(16).toUpperCase()}), which is no character; send valid UTF-8 text`;
  return null;
}

export interface InputProblem {
  /** Where, as dotted segments from the root (e.g. `["rule", "any", "0"]`). */
  path: string[];
  message: string;
}

/**
 * The first string (value or key) that cannot be stored, or the first place nesting deeper than
 * `maxDepth` arrays and objects, in parsed JSON. Iterative, so hostile nesting costs no stack, and
 * it stops descending at the limit, so it costs at most one pass over the input.
 */
export function findInputProblem(
  value: unknown,
  maxDepth: number = INPUT_LIMITS.jsonDepthMax,
): InputProblem | null {
  const stack: { value: unknown; path: string[]; depth: number }[] = [
    { value, path: [], depth: 0 },
  ];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const problem = textProblem(item.value);
      if (problem) return { path: item.path, message: problem };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    const depth = item.depth + 1;
    if (depth > maxDepth)
      return {
        path: item.path.slice(0, 1),
        message: `nests arrays and objects more than ${maxDepth} levels deep; flatten it`,
      };
    const entries: (readonly [string, unknown])[] = Array.isArray(item.value)
      ? (item.value as unknown[]).map((v, i) => [String(i), v] as const)
      : Object.entries(item.value as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, v] = entries[i]!;
      const path = [...item.path, key];
      const keyProblem = textProblem(key);
      if (keyProblem) return { path, message: `has a key that ${keyProblem}` };
      stack.push({ value: v, path, depth });
    }
  }
  return null;
}

/** JSON text nesting deeper than the limit (text that is not JSON is another check's concern). */
export function jsonTextTooDeep(text: string, maxDepth: number = INPUT_LIMITS.jsonDepthMax) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      if (++depth > maxDepth) return true;
    } else if (ch === '}' || ch === ']') depth--;
  }
  return false;
}

export const JSON_TOO_DEEP_MESSAGE = `JSON may nest arrays and objects at most ${INPUT_LIMITS.jsonDepthMax} levels deep; flatten it.`;

/** The longest SPARQL query the endpoint reads, in characters. */
export const SPARQL_QUERY_MAX_CHARS = 100_000;
