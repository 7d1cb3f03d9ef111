/**
 * Values written into code: string literals for TypeScript and Python, shell words, and the
 * REST `{id}` path segment. Everything the user typed (a filter, a query, a property value, a
 * file path) passes through here, so a quote or a `$` in it cannot end a literal early.
 */

/** A TypeScript literal for a JSON value. JSON's escapes are all valid in a TS string. */
export function tsValue(value: unknown): string {
  return JSON.stringify(value);
}

/** A Python literal for a JSON value: True/False/None, and strings in JSON's escapes (valid Python). */
export function pyValue(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'float("nan")';
    if (!Number.isFinite(value)) return value > 0 ? 'float("inf")' : 'float("-inf")';
    return String(value);
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pyValue).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => v !== undefined,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${pyValue(v)}`).join(', ')}}`;
  }
  return JSON.stringify(String(value));
}

/**
 * One shell word, single-quoted: nothing inside is expanded, and a `'` is closed and escaped. Text
 * with a control character (a newline in a path) takes bash's `$'…'` form instead, so the word
 * stays on one line and can sit in a comment too.
 */
export function shellQuote(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  if (!/[\u0000-\u001f\u007f]/.test(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  const escaped = [...text]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char === '\\' || char === "'") return `\\${char}`;
      if (char === '\n') return '\\n';
      if (char === '\t') return '\\t';
      if (char === '\r') return '\\r';
      if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, '0')}`;
      return char;
    })
    .join('');
  return `$'${escaped}'`;
}

/** The REST path segment for an identifier: its parts joined with `$`, URL-encoded. */
export function restId(parts: readonly string[]): string {
  // The root namespace is the delimiter alone.
  return encodeURIComponent(parts.length === 0 ? '$' : parts.join('$'));
}

/** How a snippet sends a remote's credentials without holding them: from an environment variable. */
export interface AuthFromEnv {
  header: string;
  envVar: string;
  /** Written before the variable's value, e.g. `Bearer `. */
  prefix: string;
}

export function authFromEnv(header: string | undefined): AuthFromEnv | undefined {
  if (!header) return undefined;
  const lower = header.toLowerCase();
  if (lower === 'authorization')
    return { header: 'Authorization', envVar: 'CATALOG_TOKEN', prefix: 'Bearer ' };
  if (lower === 'x-api-key') return { header: 'x-api-key', envVar: 'CATALOG_API_KEY', prefix: '' };
  return {
    header,
    envVar: `CATALOG_${header.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`,
    prefix: '',
  };
}

/** The base URL without its trailing slashes, so that `${base}/v1/…` has one. */
export function baseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}
