import type { Grant } from '../../../src-shared/approvalsLedger';
import type { Config } from '../../config/schema';
import type { ConfigStore } from '../../config/store';
import { setList } from '../../config/yamlEdit';
import type { GrantStore } from './grants';

/**
 * Every grant in force, whoever holds it: the gate's session and one-hour grants, config.yaml's
 * `command_allowlist` ("always"), `approvals.allow` (prefix rules) and
 * `network.allowed_local_hosts` (local hosts the app's own fetches may reach). Newest gate grants first.
 */
export function grantsInForce(grants: GrantStore, config: Config, now: number): Grant[] {
  return [
    ...grants.active(now).map((g) => ({
      key: g.key,
      kind: g.kind,
      value: g.value,
      sessionId: g.sessionId,
      expiresAt: g.expiresAt,
      createdAt: g.createdAt,
    })),
    ...config.command_allowlist.map((value) => ({
      key: `always:${value}`,
      kind: 'always',
      value,
      sessionId: null,
      expiresAt: null,
      createdAt: null,
    })),
    ...config.approvals.allow.map((value) => ({
      key: `prefix:${value}`,
      kind: 'prefix-rule',
      value,
      sessionId: null,
      expiresAt: null,
      createdAt: null,
    })),
    ...config.network.allowed_local_hosts.map((value) => ({
      key: `local-host:${value}`,
      kind: 'local-host',
      value,
      sessionId: null,
      expiresAt: null,
      createdAt: null,
    })),
  ];
}

/**
 * Ends grants: a grant key as listed (`session:…`, `hour:…`, `always:…`, `prefix:…`,
 * `local-host:…`), or a bare rule key or prefix, which ends every grant of it. Returns how many ended.
 */
export async function revokeGrant(grants: GrantStore, config: ConfigStore, key: string): Promise<number> {
  const colon = key.indexOf(':');
  const kind = colon > 0 ? key.slice(0, colon) : '';
  const value = colon > 0 ? key.slice(colon + 1) : key;
  let ended = kind === 'always' || kind === 'prefix' || kind === 'local-host' ? 0 : grants.revoke(key);
  const current = await config.load();
  const fromAllowlist = kind === 'always' || kind === '' ? current.command_allowlist.includes(value) : false;
  const fromPrefix = kind === 'prefix' || kind === '' ? current.approvals.allow.includes(value) : false;
  const fromHosts = kind === 'local-host' && current.network.allowed_local_hosts.includes(value);
  if (fromAllowlist || fromPrefix || fromHosts)
    await config.update((doc, now) => {
      if (fromHosts)
        setList(
          doc,
          ['network', 'allowed_local_hosts'],
          now.network.allowed_local_hosts.filter((h) => h !== value),
        );
      if (fromAllowlist)
        setList(
          doc,
          ['command_allowlist'],
          now.command_allowlist.filter((k) => k !== value),
        );
      if (fromPrefix)
        setList(
          doc,
          ['approvals', 'allow'],
          now.approvals.allow.filter((k) => k !== value),
        );
    });
  ended += Number(fromAllowlist) + Number(fromPrefix) + Number(fromHosts);
  return ended;
}
