/**
 * What a holder of the catalog lock knows about its own lease, on its own clocks.
 *
 * Others take the lock over only after they have watched its keys stay unchanged for a whole lease
 * (see `CatalogLock`), and a key is visible to them no later than the moment its write returned to
 * us. So once the key written at `startedAt` is confirmed, nobody can take over before
 * `startedAt + leaseMs`. A confirmation that comes back after the lease it extends had already run
 * out proves nothing (somebody may have taken over in the gap), so the lease is then lost for good.
 *
 * Time is measured on two clocks and the lease ends when either says so: the monotonic clock is
 * immune to the wall clock being set back, and the wall clock keeps counting while the machine is
 * suspended (Linux's monotonic clock does not), when others may well take over.
 */
export interface LeaseInstant {
  /** `performance.now()`. */
  mono: number;
  /** `Date.now()`. */
  wall: number;
}

export const leaseInstant = (): LeaseInstant => ({ mono: performance.now(), wall: Date.now() });

export class HeldLease {
  private validUntil: LeaseInstant;
  private lostReason: string | undefined;

  constructor(
    startedAt: LeaseInstant,
    private readonly leaseMs: number,
  ) {
    this.validUntil = { mono: startedAt.mono + leaseMs, wall: startedAt.wall + leaseMs };
  }

  /** Records a key (the epoch's own, or a renewal) whose write started and returned at these times. */
  confirmed(startedAt: LeaseInstant, returnedAt: LeaseInstant): void {
    if (this.lostReason) return;
    const late = Math.max(
      returnedAt.mono - this.validUntil.mono,
      returnedAt.wall - this.validUntil.wall,
    );
    if (late > 0) {
      this.lostReason = `a renewal returned ${Math.round(late)} ms after the lease ran out`;
      return;
    }
    this.validUntil = {
      mono: Math.max(this.validUntil.mono, startedAt.mono + this.leaseMs),
      wall: Math.max(this.validUntil.wall, startedAt.wall + this.leaseMs),
    };
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
  refusal(now: LeaseInstant, marginMs: number): string | undefined {
    if (this.lostReason) return this.lostReason;
    const left = Math.min(this.validUntil.mono - now.mono, this.validUntil.wall - now.wall);
    if (left < marginMs) {
      return `its lease ends in ${Math.round(left)} ms, too soon to start a write`;
    }
    return undefined;
  }
}
