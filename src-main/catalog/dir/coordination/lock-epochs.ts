/**
 * The catalog lock's record on the store (catalog-lock.ts has the protocol): numbered epochs
 * under `.catalog-studio/lock/`, each with its renewal, intent and release keys beside it. Here
 * they are named, listed, read and pruned; writing them is the protocol's business.
 */
import type { ObjectStore } from '../../storage/object-store';
import { STATE_FOLDER } from './state-folder';

const PREFIX = `${STATE_FOLDER}/lock`;
const EPOCH_DIGITS = 16;

/** The newest epoch, as one listing saw it. */
export interface EpochView {
  epoch: number;
  released: boolean;
  /** Its keys (its own and those beside it), sorted. */
  keys: string[];
}

export interface EpochBody {
  expiresAt?: number;
  intent?: unknown;
  /** The abandoned epoch this one took over, whose intent it must recover first. */
  takesOver?: number;
}

export const epochKey = (epoch: number) => `${PREFIX}/${String(epoch).padStart(EPOCH_DIGITS, '0')}`;

/** A key beside an epoch, numbered by its holder's count of writes. */
export const sideKey = (epoch: number, kind: 'renew' | 'intent', write: number) =>
  `${epochKey(epoch)}.${kind}.${String(write).padStart(6, '0')}`;

export const releasedKey = (epoch: number) => `${epochKey(epoch)}.released`;

export class LockEpochs {
  constructor(private readonly store: ObjectStore) {}

  /** The newest epoch and whether it is over, from one listing of the lock's keys. */
  async newest(): Promise<EpochView | undefined> {
    const keys = await this.store.list(PREFIX);
    let epoch = -1;
    for (const key of keys) {
      // Only an epoch's own key counts: the keys beside it (renewals, release) come after it.
      const name = key.slice(PREFIX.length + 1);
      if (name.length !== EPOCH_DIGITS) continue;
      const number = Number(name);
      if (Number.isInteger(number) && number > epoch) epoch = number;
    }
    if (epoch < 0) return undefined;
    const base = epochKey(epoch);
    const mine = keys.filter((k) => k.startsWith(base)).sort();
    return { epoch, released: mine.includes(releasedKey(epoch)), keys: mine };
  }

  private async readBody(key: string): Promise<EpochBody> {
    return JSON.parse(Buffer.from(await this.store.get(key)).toString('utf8')) as EpochBody;
  }

  /** The expiry its holder wrote last: in its renewal, or in the epoch's own key. */
  async writtenExpiry(view: EpochView): Promise<number> {
    const renewals = view.keys.filter((k) => k.startsWith(`${epochKey(view.epoch)}.renew.`));
    const key = renewals.length ? renewals[renewals.length - 1]! : epochKey(view.epoch);
    return (await this.readBody(key)).expiresAt ?? 0;
  }

  /**
   * The intent an abandoned epoch leaves to recover: its last note, or, if it took over from
   * another and died before noting anything, that one's intent.
   */
  async intentOf(epoch: number, depth: number): Promise<unknown> {
    const base = epochKey(epoch);
    const keys = (await this.store.list(PREFIX)).filter((k) => k.startsWith(base)).sort();
    const notes = keys.filter((k) => k.startsWith(`${base}.intent.`));
    if (notes.length) return (await this.readBody(notes[notes.length - 1]!)).intent;
    if (!keys.includes(base)) return undefined; // pruned long ago
    const body = await this.readBody(base);
    if (body.takesOver !== undefined && depth > 0) return this.intentOf(body.takesOver, depth - 1);
    return body.intent;
  }

  /** Deletes the keys of epochs long over; the newest ones stay for whoever looks next. */
  async prune(current: number): Promise<void> {
    const keys = await this.store.list(PREFIX).catch(() => [] as string[]);
    for (const key of keys) {
      const number = Number(key.slice(PREFIX.length + 1, PREFIX.length + 1 + EPOCH_DIGITS));
      if (Number.isInteger(number) && number < current - 20) {
        await this.store.delete(key).catch(() => undefined);
      }
    }
  }
}
