import type { AllowlistEntry } from '../../src-shared/ipc/schemas';
import { AllowlistEntryError, parseAllowlistEntry } from '../approval/gate';
import type { Config } from '../config/schema';
import type { ConfigStore } from '../config/store';
import { setList } from '../config/yamlEdit';
import { ContractError } from '../contract/router';

/** Describes an allowlist key for the Settings list; unknown keys are shown as they are. */
export type DescribeKey = (key: string) => string | undefined;

const PREFIX_DESCRIPTION = 'Command prefix: commands starting with these words run without asking';

/**
 * The permanent allowlist as Settings shows it: rule keys (config.yaml `command_allowlist`),
 * then command-prefix rules (`approvals.allow`).
 */
export function allowlistView(config: Config, describe: DescribeKey): AllowlistEntry[] {
  return [
    ...config.command_allowlist.map((key) => ({ key, description: describe(key) ?? 'Custom entry' })),
    ...config.approvals.allow
      .filter((prefix) => !config.command_allowlist.includes(prefix))
      .map((prefix) => ({ key: prefix, description: PREFIX_DESCRIPTION })),
  ];
}

/** Adds a rule key or a command-prefix rule; anything else is refused with the reason. */
export async function addAllowlistEntry(
  store: ConfigStore,
  raw: string,
  describe: DescribeKey = () => undefined,
): Promise<AllowlistEntry[]> {
  let entry;
  try {
    entry = parseAllowlistEntry(raw);
  } catch (err) {
    if (err instanceof AllowlistEntryError) throw new ContractError('invalid_allowlist_entry', err.message);
    throw err;
  }
  const config = await store.update((doc, current) => {
    if (entry.kind === 'rule' && !current.command_allowlist.includes(entry.key))
      setList(doc, ['command_allowlist'], [...current.command_allowlist, entry.key]);
    if (entry.kind === 'prefix' && !current.approvals.allow.includes(entry.prefix))
      setList(doc, ['approvals', 'allow'], [...current.approvals.allow, entry.prefix]);
  });
  return allowlistView(config, describe);
}

export async function removeAllowlistEntry(
  store: ConfigStore,
  key: string,
  describe: DescribeKey = () => undefined,
): Promise<AllowlistEntry[]> {
  const config = await store.update((doc, current) => {
    if (current.command_allowlist.includes(key))
      setList(
        doc,
        ['command_allowlist'],
        current.command_allowlist.filter((k) => k !== key),
      );
    if (current.approvals.allow.includes(key))
      setList(
        doc,
        ['approvals', 'allow'],
        current.approvals.allow.filter((k) => k !== key),
      );
  });
  return allowlistView(config, describe);
}
