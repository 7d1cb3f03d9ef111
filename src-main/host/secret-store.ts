/**
 * Where connection secrets (API keys, tokens, extra headers) live. The Electron app encrypts them
 * with `safeStorage`; the web mode keeps them in a file only its user can read (mode 0600).
 */
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../catalog/atomic-file';

export interface SecretStore {
  get(key: string): Promise<Record<string, string> | undefined>;
  set(key: string, secrets: Record<string, string>): Promise<void>;
  delete(key: string): Promise<void>;
}

export class FileSecretStore implements SecretStore {
  constructor(private readonly file: string) {}

  private read(): Record<string, Record<string, string>> {
    if (!existsSync(this.file)) return {};
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, Record<string, string>>;
    } catch {
      // A damaged secrets file must not stop the app; the user re-enters the secrets.
      return {};
    }
  }

  private write(all: Record<string, Record<string, string>>): void {
    writeFileAtomic(this.file, JSON.stringify(all), 0o600);
    chmodSync(this.file, 0o600);
  }

  async get(key: string): Promise<Record<string, string> | undefined> {
    return this.read()[key];
  }

  async set(key: string, secrets: Record<string, string>): Promise<void> {
    this.write({ ...this.read(), [key]: secrets });
  }

  async delete(key: string): Promise<void> {
    const all = this.read();
    delete all[key];
    this.write(all);
  }
}
