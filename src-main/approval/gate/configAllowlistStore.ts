import type { ConfigStore } from '../../config/store';
import { setList } from '../../config/yamlEdit';
import type { AllowlistStore } from './gateTypes';

/**
 * The permanent allowlist as config.yaml `command_allowlist`, through the one ConfigStore that
 * writes config.yaml: atomic, serialised with every other settings change, comments kept, an
 * unparsable file reported and left alone.
 */
export function createConfigAllowlistStore(config: ConfigStore): AllowlistStore {
  return {
    async list() {
      return (await config.load()).command_allowlist;
    },
    async add(keys) {
      await config.update((doc, current) => {
        const next = [...current.command_allowlist];
        for (const key of keys) if (!next.includes(key)) next.push(key);
        setList(doc, ['command_allowlist'], next);
      });
    },
  };
}
