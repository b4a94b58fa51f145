import type { Grant } from '../../../src-shared/approvalsLedger';
import type { Config } from '../../config/schema';
import type { ConfigStore } from '../../config/store';
import { setList } from '../../config/yamlEdit';
import type { GrantStore } from './grants';

/**
 * Every grant in force, whoever holds it: the gate's session and one-hour grants, config.yaml's
 * `command_allowlist` ("always") and `approvals.allow` (prefix rules). Newest gate grants first.
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
  ];
}

/**
 * Ends grants: a grant key as listed (`session:…`, `hour:…`, `always:…`, `prefix:…`), or a bare
 * rule key or prefix, which ends every grant of it. Returns how many ended.
 */
export async function revokeGrant(grants: GrantStore, config: ConfigStore, key: string): Promise<number> {
  const colon = key.indexOf(':');
  const kind = colon > 0 ? key.slice(0, colon) : '';
  const value = colon > 0 ? key.slice(colon + 1) : key;
  let ended = kind === 'always' || kind === 'prefix' ? 0 : grants.revoke(key);
  const current = await config.load();
  const fromAllowlist = kind === 'always' || kind === '' ? current.command_allowlist.includes(value) : false;
  const fromPrefix = kind === 'prefix' || kind === '' ? current.approvals.allow.includes(value) : false;
  if (fromAllowlist || fromPrefix)
    await config.update((doc, now) => {
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
  ended += Number(fromAllowlist) + Number(fromPrefix);
  return ended;
}
