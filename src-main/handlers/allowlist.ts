import type { AllowlistEntry } from '../../src-shared/ipc/schemas';
import type { ConfigStore } from '../config/store';

/** Describes an allowlist key for the Settings list; unknown keys are shown as they are. */
export type DescribeKey = (key: string) => string | undefined;

export function allowlistView(keys: string[], describe: DescribeKey): AllowlistEntry[] {
  return keys.map((key) => ({ key, description: describe(key) ?? 'Custom entry' }));
}

export async function addAllowlistKey(store: ConfigStore, key: string): Promise<string[]> {
  const config = await store.update((doc, current) => {
    if (!current.command_allowlist.includes(key))
      doc.set('command_allowlist', [...current.command_allowlist, key]);
  });
  return config.command_allowlist;
}

export async function removeAllowlistKey(store: ConfigStore, key: string): Promise<string[]> {
  const config = await store.update((doc, current) => {
    doc.set(
      'command_allowlist',
      current.command_allowlist.filter((k) => k !== key),
    );
  });
  return config.command_allowlist;
}
