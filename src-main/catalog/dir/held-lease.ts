/**
 * What a holder of the catalog lock knows about its own lease, on its own monotonic clock.
 *
 * Others take the lock over only after they have watched its keys stay unchanged for a whole lease
 * (see `CatalogLock`), and a key is visible to them no later than the moment its write returned to
 * us. So once the key written at `startedAt` is confirmed, nobody can take over before
 * `startedAt + leaseMs`. A confirmation that comes back after the lease it extends had already run
 * out proves nothing (somebody may have taken over in the gap), so the lease is then lost for good.
 */
export class HeldLease {
  private validUntil: number;
  private lostReason: string | undefined;

  constructor(
    startedAt: number,
    private readonly leaseMs: number,
  ) {
    this.validUntil = startedAt + leaseMs;
  }

  /** Records a key (the epoch's own, or a renewal) whose write started and returned at these times. */
  confirmed(startedAt: number, returnedAt: number): void {
    if (this.lostReason) return;
    if (returnedAt > this.validUntil) {
      this.lostReason = `a renewal returned ${Math.round(returnedAt - this.validUntil)} ms after the lease ran out`;
      return;
    }
    this.validUntil = Math.max(this.validUntil, startedAt + this.leaseMs);
  }

  lose(reason: string): void {
    this.lostReason ??= reason;
  }

  get lost(): boolean {
    return this.lostReason !== undefined;
  }

  /**
   * Why a write may not start now, or undefined if it may. A write must start at least `marginMs`
   * before the lease ends: another process that takes over still waits a grace period before it
   * acts, so a write started in time has margin plus grace to finish.
   */
  refusal(now: number, marginMs: number): string | undefined {
    if (this.lostReason) return this.lostReason;
    if (now > this.validUntil - marginMs) {
      return `its lease ends in ${Math.round(this.validUntil - now)} ms, too soon to start a write`;
    }
    return undefined;
  }
}
