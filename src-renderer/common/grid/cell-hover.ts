/**
 * What a grid cell says on hover: its whole value where the cell shows less of it. Text whole,
 * a struct or list as one line of JSON (the cell shows a few items of each), a vector's values
 * (the cell shows its dimension and norm), a number at full precision. Bounded: a value longer
 * than MAX_HOVER_CHARS is cut there with a note, since a tooltip of megabytes helps no one and
 * the row inspector shows all of it.
 */
import { formatNumber, type Cell } from './cell-model';
import { formatNumber as formatCount } from '../../../src-shared/format';

export const MAX_HOVER_CHARS = 4096;

export interface HoverText {
  text: string;
  /** The cell shows an abbreviation of it, so it is worth saying even when nothing is cut. */
  abbreviated: boolean;
}

function oneLineJson(pretty: string): string {
  try {
    return JSON.stringify(JSON.parse(pretty));
  } catch {
    return pretty;
  }
}

export function boundedText(text: string, max = MAX_HOVER_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}…\n(the first ${formatCount(max)} of ${formatCount(text.length)} characters; open the row to see all of it)`;
}

export function hoverText(cell: Cell): HoverText | undefined {
  switch (cell.kind) {
    case 'text':
    case 'bool':
      return { text: boundedText(cell.text), abbreviated: false };
    case 'number':
      return { text: cell.full, abbreviated: cell.full !== cell.text };
    case 'nested':
      // compactText marks what it leaves out with an ellipsis.
      return { text: boundedText(oneLineJson(cell.pretty)), abbreviated: cell.text.includes('…') };
    case 'vector': {
      const values = Array.from(cell.values, (v) => formatNumber(v)).join(', ');
      return {
        text: boundedText(`dimension ${cell.dim}, L2 norm ${formatNumber(cell.norm)}\n[${values}]`),
        abbreviated: true,
      };
    }
    default:
      return undefined;
  }
}
