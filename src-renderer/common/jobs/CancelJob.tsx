/**
 * Cancel for a job while it is queued or running, and the host's refusal if the cancel fails.
 * The refusal outlives the button: a job that ended meanwhile still says why nothing happened.
 */
import { useMutation } from '@tanstack/react-query';
import { useCall } from '../../api/studio-context';
import type { JobView } from '../../api/use-host-events';
import { ErrorMessage } from '../ErrorMessage';
import { isActive } from './job-format';

export function CancelJob({
  job,
  children,
  accessibleName,
}: {
  job: JobView;
  children: string;
  /** The accessible name, where several jobs' buttons share one visible label. */
  accessibleName?: string;
}) {
  const call = useCall();
  const cancel = useMutation({
    mutationFn: () => call('jobs:cancel', { connectionId: job.connectionId, jobId: job.id }),
  });
  return (
    <>
      {isActive(job) && (
        <button
          type="button"
          onClick={() => cancel.mutate()}
          disabled={cancel.isPending}
          aria-label={accessibleName}
        >
          {children}
        </button>
      )}
      <ErrorMessage error={cancel.error} />
    </>
  );
}
