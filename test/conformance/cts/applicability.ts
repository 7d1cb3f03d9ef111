/** Whether a case applies to this server, given the capabilities it claims, and why not. */
import { CAPABILITIES } from './capabilities';
import type { CtsCase } from './types';

/** undefined when the case applies; otherwise the reason, fit for a test title. */
export function notApplicableReason(c: CtsCase): string | undefined {
  const missing = (c.requires ?? []).filter((cap) => !CAPABILITIES[cap].claimed);
  if (missing.length > 0) {
    return missing
      .map((cap) => `needs ${cap} (not claimed: ${CAPABILITIES[cap].reason})`)
      .join('; ');
  }
  const present = (c.onlyWithout ?? []).filter((cap) => CAPABILITIES[cap].claimed);
  if (present.length > 0) {
    return present
      .map((cap) => `only for a back end without ${cap} (claimed: ${CAPABILITIES[cap].reason})`)
      .join('; ');
  }
  return undefined;
}
