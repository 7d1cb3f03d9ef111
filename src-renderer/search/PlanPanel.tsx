/** A search's plan: what it says in plain words first, then the plan with index and scan lines marked. */
import { useMemo } from 'react';
import { planInsights, summarize } from './plan-insights';

export function PlanPanel({
  plan,
  analyzed,
  of,
}: {
  plan: string;
  analyzed: boolean;
  /** The search it is the plan of, in words: results below it may be of another one. */
  of: string;
}) {
  const insights = useMemo(() => planInsights(plan), [plan]);
  return (
    <section className="plan-panel" aria-label={analyzed ? 'Analyzed plan' : 'Query plan'}>
      <h4>{analyzed ? 'Plan with metrics (the query ran)' : 'Plan (not run)'}</h4>
      <p className="muted plan-of">Of: {of}</p>
      <ul className="plan-summary">
        {summarize(insights).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <pre className="plan-text mono">
        {insights.lines.map((line, i) => (
          <span key={i} className={`plan-line plan-${line.kind}`}>
            {line.text}
            {'\n'}
          </span>
        ))}
      </pre>
    </section>
  );
}
