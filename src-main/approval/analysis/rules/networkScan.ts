/**
 * Scanners and flooders aimed at other machines: nmap, masscan, zmap, hping3 and `ping -f`. Their
 * probes reach hosts the user may have no right to probe, and look like an attack from this
 * machine. Aimed only at this machine (`nmap -p 3000 localhost`) they stay quiet.
 */
import type { Rule } from '../verdict';
import type { CommandView, DetectorTable, HitSink } from './types';
import { commandText, hasFlag } from './types';

export const networkScanRules: Rule[] = [
  {
    key: 'network-scan',
    category: 'network',
    description: 'Scans or floods other machines on the network (nmap, masscan, hping3, ping -f)',
  },
];

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}(?:\/\d+)?|::1|\[::1\])$/i;

/** Options of these tools that take a value (their operands are the targets). */
const VALUED =
  /^-(?:p|e|S|g|D|iL|oN|oX|oG|oA|-?(?:ports?|rate|source-port|interface|data-length|ttl|top-ports|exclude|excludefile|adapter|router-mac|wait|max-rate|min-rate))$/;

/** The hosts and ranges named: words that are neither options nor an option's value. */
function targets(args: readonly string[]): string[] {
  return args.filter((a, i) => !a.startsWith('-') && !VALUED.test(args[i - 1] ?? ''));
}

function scan(cmd: CommandView, out: HitSink): void {
  if (cmd.name === 'ping' || cmd.name === 'ping6') {
    // `-f`: a flood, as fast as replies come back (or a hundred a second).
    if (!hasFlag(cmd.args, 'f')) return;
  } else if (cmd.name === 'hping3') {
    if (!hasFlag(cmd.args, '', ['flood', 'faster'])) return;
  } else if (cmd.args.length === 0 || cmd.args.every((a) => /^-(?:-version|-help|V|h)$/.test(a))) return;
  const aimed = targets(cmd.args);
  if (aimed.length > 0 && aimed.every((t) => LOOPBACK.test(t))) return;
  out.hit('network-scan', commandText(cmd));
}

export const networkScanDetectors: DetectorTable = [
  [['nmap', 'masscan', 'zmap', 'hping3', 'ping', 'ping6'], scan],
];
