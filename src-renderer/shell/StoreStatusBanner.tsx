/**
 * A banner on an object-store connection whose store is throttling, failing or unreachable, with
 * the retries visible (store-banner.ts says what). It asks the host every 2 s while the
 * connection is open; a folder or remote connection shows none.
 */
import { useQuery } from '@tanstack/react-query';
import type { Connection } from '../../src-shared/studio-procedures';
import { queryKeys } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { storeBanner } from './store-banner';

const FOLLOW_MS = 2000;

export function StoreStatusBanner({ connection }: { connection: Connection }) {
  const call = useCall();
  const status = useQuery({
    queryKey: queryKeys.storeStatus(connection.id),
    queryFn: () => call('connections:store-status', { connectionId: connection.id }),
    enabled: connection.kind === 'object-store',
    refetchInterval: FOLLOW_MS,
    // Shown in the background too: a store that fails while the window is elsewhere still says so.
    refetchIntervalInBackground: true,
  });
  const banner = storeBanner(status.data);
  if (!banner) return null;
  return (
    <div
      role="status"
      className="store-banner"
      aria-label={`${connection.name}: ${banner.title.toLowerCase()}`}
    >
      <strong>
        {connection.name}: {banner.title}
      </strong>
      <span className="store-banner-detail">{banner.detail}</span>
      <span className="store-banner-retries">{banner.retries}</span>
    </div>
  );
}
