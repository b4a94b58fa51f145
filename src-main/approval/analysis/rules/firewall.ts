/**
 * Firewalls: everything but showing the rules changes them. Opening a port (`ufw allow 22`,
 * `iptables -A … -j ACCEPT`) exposes the machine as much as flushing the rules does.
 */
import type { CommandView, DetectorTable, HitSink } from './types';
import { splitOptions } from './types';

/** iptables' commands: append, insert, replace, delete, flush, delete or new chain, policy, rename, zero. */
const IPTABLES_CHANGES = /^-[a-zA-Z]*[AIRDFXPNEZ]/;
const IPTABLES_LONG_CHANGES =
  /^--(?:append|insert|replace|delete|flush|delete-chain|policy|new-chain|rename-chain|zero)\b/;
const NFT_READS = new Set(['list', 'describe', 'monitor']);
const UFW_READS = new Set(['status', 'show', 'version', 'app', 'help']);

function changes(cmd: CommandView): boolean {
  const { options, operands } = splitOptions(cmd.args);
  const verb = operands[0];
  switch (cmd.name) {
    case 'iptables':
    case 'ip6tables':
      return cmd.args.some((a) => IPTABLES_CHANGES.test(a) || IPTABLES_LONG_CHANGES.test(a));
    case 'iptables-restore':
    case 'ip6tables-restore':
      return !options.some((o) => o === '-t' || o === '--test');
    case 'nft':
      if (options.some((o) => o === '-c' || o === '--check')) return false;
      return (
        options.some((o) => /^-[a-zA-Z]*f|^--file\b/.test(o)) || (verb !== undefined && !NFT_READS.has(verb))
      );
    case 'ufw':
      return verb !== undefined && !UFW_READS.has(verb) && !options.includes('--dry-run');
    case 'pfctl':
      return cmd.args.some((a) => /^-[a-zA-Z]*[deFfkKT]/.test(a));
    default:
      // firewall-cmd: its queries are --state, --list-…, --get-…, --query-…, --info-….
      return cmd.args.some(
        (a) => a.startsWith('--') && !/^--(?:state|list|get|query|info|zone=|permanent$|help)/.test(a),
      );
  }
}

function firewall(cmd: CommandView, out: HitSink): void {
  if (changes(cmd)) out.hit('system-config-write', `${cmd.name} ${cmd.args.join(' ')}`);
}

export const firewallDetectors: DetectorTable = [
  [
    ['iptables', 'ip6tables', 'iptables-restore', 'ip6tables-restore', 'nft', 'ufw', 'pfctl', 'firewall-cmd'],
    firewall,
  ],
];
