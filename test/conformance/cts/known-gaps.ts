/**
 * Applicable cases the server fails today, each with the reason. They run as `it.fails`: when
 * the server is fixed the test turns red, and the entry must then be removed from this list.
 */
export const KNOWN_GAPS: Record<string, string> = {};
