/**
 * Two processes creating a state table at once both succeed: Lance commits the loser's create as
 * an Overwrite of the winner's (lance 12 under LanceDB 0.39, `createEmptyTable` with existOk). A
 * write begun on the first version then fails as incompatible with that Overwrite, and one that
 * committed before it is erased. It happens only to a newborn table, so an idempotent write is
 * simply run again; callers put back a row the Overwrite erased (job-store.ts).
 */
const RIVAL_OVERWRITE = /incompatible with concurrent transaction Overwrite/i;
const ATTEMPTS = 3;

export async function retryRivalCreate<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const text =
        error instanceof Error
          ? `${error.message} ${String((error as { detail?: unknown }).detail ?? '')}`
          : String(error);
      if (attempt >= ATTEMPTS || !RIVAL_OVERWRITE.test(text)) throw error;
    }
  }
}
