/**
 * How an index stands, as two table cells: its status word and how much of the table it covers.
 * The Overview and the Indexes tab show them alike, so a building index reads the same in both.
 */
import type { IndexInfo } from '../../../src-shared/catalog-api';
import { CoverageBar } from './CoverageBar';

export function IndexStateCells({ index }: { index: IndexInfo }) {
  return (
    <>
      <td>
        <span className={`status status-${index.status}`}>{index.status}</span>
      </td>
      <td className="coverage-cell">
        <CoverageBar index={index} />
      </td>
    </>
  );
}
