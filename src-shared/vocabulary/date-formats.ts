/**
 * The date and date-time formats an import recognises, in words: the host's messages and the
 * import form's "read as" line both say them (host/imports/iso-dates.ts holds the rules).
 */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'ISO 8601 YYYY-MM-DDTHH:MM:SS, UTC unless an offset is given';
