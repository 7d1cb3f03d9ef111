/**
 * The words of a full-text search marked in a cell's text: whole words, any case, as the FTS
 * index's default tokenizer matches them (a stemmed or n-gram match is not marked).
 */
export type Highlight = RegExp | undefined;

export function highlightFor(query: string | undefined): Highlight {
  const words = (query ?? '')
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // Word edges by letters and digits of any script (`\b` knows only ASCII ones).
  return words.length === 0
    ? undefined
    : new RegExp(`(?<![\\p{L}\\p{N}_])(${words.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
}

/** The text cut into runs, every other one a match: [plain, match, plain, …]. */
export function splitMatches(text: string, highlight: RegExp): string[] {
  return text.split(new RegExp(highlight.source, highlight.flags.replace('g', '') + 'g'));
}
