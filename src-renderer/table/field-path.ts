/**
 * Canonical column paths, written the way the engine's field-paths.ts writes them: dots join
 * nested fields, and a segment that is not plain letters, digits and underscores is quoted in
 * backticks (a backtick inside doubles). Copied rather than imported because that module loads
 * the Arrow runtime; a unit test holds the two to the same output.
 */
const BARE_SEGMENT = /^[A-Za-z0-9_]+$/;

export function formatFieldPath(segments: readonly string[]): string {
  return segments
    .map((segment) =>
      BARE_SEGMENT.test(segment) ? segment : `\`${segment.replaceAll('`', '``')}\``,
    )
    .join('.');
}
