/** The list of recent connections, persisted atomically in the user data folder (no secrets). */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { RecentConnectionSchema } from '../../src-shared/studio-procedures';
import { writeFileAtomic } from '../catalog/atomic-file';

export type RecentConnection = z.infer<typeof RecentConnectionSchema>;

const MAX_RECENT = 20;

export class RecentConnections {
  constructor(private readonly file: string) {}

  list(): RecentConnection[] {
    if (!existsSync(this.file)) return [];
    try {
      const parsed = z
        .array(RecentConnectionSchema)
        .safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  }

  remember(entry: RecentConnection): void {
    const rest = this.list().filter((e) => !(e.kind === entry.kind && e.target === entry.target));
    writeFileAtomic(this.file, JSON.stringify([entry, ...rest].slice(0, MAX_RECENT), null, 2));
  }

  forget(target: string): void {
    writeFileAtomic(
      this.file,
      JSON.stringify(
        this.list().filter((e) => e.target !== target),
        null,
        2,
      ),
    );
  }
}
