/** A finished recall check in the jobs panel: its advice, kept there with the job. */
import { useQuery } from '@tanstack/react-query';
import type { JobView } from '../../api/use-host-events';
import { useCall } from '../../api/studio-context';

export function RecallJobResult({ job }: { job: JobView }) {
  const call = useCall();
  const stored = useQuery({
    queryKey: ['recall-report', job.id],
    queryFn: () => call('recall:report', { connectionId: job.connectionId, jobId: job.id }),
  });
  const report = stored.data?.report;
  if (!report) return null;
  return (
    <p className="recall-job-advice" aria-label={`Result of recall check ${job.id}`}>
      {report.advice.message}
    </p>
  );
}
