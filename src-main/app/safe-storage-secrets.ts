/** Connection secrets encrypted with Electron's safeStorage (the OS keychain), in the user data folder. */
import { existsSync, readFileSync } from 'node:fs';
import type { SafeStorage } from 'electron';
import { writeFileAtomic } from '../catalog/atomic-file';
import type { SecretStore } from '../host/secret-store';

export class SafeStorageSecrets implements SecretStore {
  constructor(
    private readonly file: string,
    private readonly safeStorage: SafeStorage,
  ) {}

  private read(): Record<string, Record<string, string>> {
    if (!existsSync(this.file) || !this.safeStorage.isEncryptionAvailable()) return {};
    try {
      const sealed = Buffer.from(readFileSync(this.file, 'utf8'), 'base64');
      return JSON.parse(this.safeStorage.decryptString(sealed)) as Record<
        string,
        Record<string, string>
      >;
    } catch {
      return {};
    }
  }

  private write(all: Record<string, Record<string, string>>): void {
    if (!this.safeStorage.isEncryptionAvailable()) {
      throw new Error('The system keychain is not available, so secrets cannot be stored safely');
    }
    writeFileAtomic(
      this.file,
      this.safeStorage.encryptString(JSON.stringify(all)).toString('base64'),
      0o600,
    );
  }

  async get(key: string) {
    return this.read()[key];
  }

  async set(key: string, secrets: Record<string, string>) {
    this.write({ ...this.read(), [key]: secrets });
  }

  async delete(key: string) {
    const all = this.read();
    delete all[key];
    this.write(all);
  }
}
