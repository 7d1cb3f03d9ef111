/** A recall check's result: the advice, the chart, and every setting's numbers. */
import type { ReactNode } from 'react';
import { describeSetting } from '../../../src-shared/recall/describe-setting';
import type { RecallReport } from '../../../src-shared/recall/recall-schemas';
import { RecallChart } from './RecallChart';
import { formatDateTime, formatDuration, formatNumber } from '../../../src-shared/format';

export function RecallReportView({
  report,
  at,
  children,
}: {
  report: RecallReport;
  at: number;
  /** Actions on the report, under the advice. */
  children?: ReactNode;
}) {
  return (
    <section className="recall-report" aria-label={`Recall of ${report.index.name}`}>
      <p className={report.advice.met ? 'recall-advice ok' : 'recall-advice warn'} role="note">
        {report.advice.message}
      </p>
      {children}
      <p className="muted">
        {report.queries} {report.source === 'given' ? 'given' : 'sampled'} quer
        {report.queries === 1 ? 'y' : 'ies'} · k {report.k} · exact search{' '}
        {formatDuration(report.exact.latencyMs.median)} median · {formatDateTime(at)}
      </p>
      <RecallChart report={report} />
      <table className="data-table compact" aria-label={`Settings of ${report.index.name}`}>
        <thead>
          <tr>
            <th>Setting</th>
            <th>Recall@{report.k}</th>
            <th>Median ms</th>
            <th>p95 ms</th>
            <th>Front</th>
          </tr>
        </thead>
        <tbody>
          {report.points.map((p, i) => (
            <tr key={i} className={report.advice.pointIndex === i ? 'recall-advised' : undefined}>
              <td>{describeSetting(p.setting)}</td>
              <td>{formatNumber(p.recall, { fraction: 3 })}</td>
              <td>{formatNumber(p.latencyMs.median, { fraction: 2 })}</td>
              <td>{formatNumber(p.latencyMs.p95, { fraction: 2 })}</td>
              <td>{report.front.includes(i) ? '●' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
