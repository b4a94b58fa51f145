import type { ConfigStore } from '../../config/store';
import { setList } from '../../config/yamlEdit';
import { localHostOfKey } from '../analysis/rules/network';
import type { AllowlistStore } from './gateTypes';

/**
 * The permanent allowlist as config.yaml `command_allowlist`, through the one ConfigStore that
 * writes config.yaml: atomic, serialised with every other settings change, comments kept, an
 * unparsable file reported and left alone. An "always" for a local host and port lists that
 * `host:port` in `network.allowed_local_hosts`, where the person reads and edits it.
 */
export function createConfigAllowlistStore(config: ConfigStore): AllowlistStore {
  return {
    async list() {
      return (await config.load()).command_allowlist;
    },
    async add(keys) {
      await config.update((doc, current) => {
        const rules = [...current.command_allowlist];
        const hosts = [...current.network.allowed_local_hosts];
        for (const key of keys) {
          const host = localHostOfKey(key);
          const list = host === undefined ? rules : hosts;
          const entry = host ?? key;
          if (!list.includes(entry)) list.push(entry);
        }
        if (rules.length > current.command_allowlist.length) setList(doc, ['command_allowlist'], rules);
        if (hosts.length > current.network.allowed_local_hosts.length)
          setList(doc, ['network', 'allowed_local_hosts'], hosts);
      });
    },
  };
}
