/** A setting in words, for advice and tables: "nprobes 16, refine ×5"; LanceDB's defaults named. */
import type { RecallSetting } from './recall-schemas';

export function describeSetting(setting: RecallSetting): string {
  const parts: string[] = [];
  if (setting.nprobes !== undefined) parts.push(`nprobes ${setting.nprobes}`);
  if (setting.ef !== undefined) parts.push(`ef ${setting.ef}`);
  parts.push(setting.refineFactor === undefined ? 'no refine' : `refine ×${setting.refineFactor}`);
  return parts.join(', ');
}
