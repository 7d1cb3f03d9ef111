/** Extra HTTP headers for a remote connection, typed as text in the connect form. */

/** `Name: value` per line; a line without a colon is a mistake worth naming. */
export function parseHeaderLines(text: string): {
  headers: Record<string, string>;
  problem?: string;
} {
  const headers: Record<string, string> = {};
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return { headers, problem: `Header line ${i + 1} needs the form Name: value` };
    const name = line.slice(0, colon).trim();
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) {
      return {
        headers,
        problem: `Header line ${i + 1}: ${JSON.stringify(name)} is not a header name`,
      };
    }
    headers[name] = line.slice(colon + 1).trim();
  }
  return { headers };
}
