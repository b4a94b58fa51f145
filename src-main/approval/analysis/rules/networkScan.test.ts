import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

const project = { cwd: '/home/dev/project', workspace: '/home/dev/project' };

/* Written before the rules: scans and floods of other machines, and SOCKS proxies out through one. */
const asks: Array<readonly [Expected, string]> = [
  ['ask', 'nmap -sS 10.0.0.0/24'],
  ['ask', 'nmap -p- -T5 192.168.1.0/24'],
  ['ask', 'nmap -p 22 localhost 10.0.0.7'],
  ['ask', 'masscan 0.0.0.0/0 -p80 --rate 100000'],
  ['ask', 'zmap -p 443 -o hosts.txt'],
  ['ask', 'hping3 --flood -S -p 80 10.0.0.1'],
  ['ask', 'ping -f 10.0.0.1'],
  ['ask', 'ssh -D 1080 -N user@x.example.com'],
  ['ask', 'ssh -fN -D 0.0.0.0:9050 jump.example.com'],
];

const quiet: Array<readonly [Expected, string]> = [
  ['quiet', 'nmap -p 3000 localhost'],
  ['quiet', 'nmap -sT -p 5432 127.0.0.1'],
  ['quiet', 'nmap --version'],
  ['quiet', 'ping -c 3 example.com'],
  ['quiet', 'hping3 -S -p 443 -c 3 example.com'],
  ['quiet', 'ssh -L 5432:localhost:5432 db.example.com'],
  ['quiet', 'ssh -N -L 8080:localhost:80 bastion'],
];

describe('scans, floods and proxies', () => {
  it('asks before scanning or flooding other hosts, or opening a SOCKS proxy', () =>
    expectVerdicts(asks, project));
  it('keeps checks of this machine, plain pings and local forwards quiet', () =>
    expectVerdicts(quiet, project));
});
