import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

const project = { cwd: '/home/dev/project', workspace: '/home/dev/project' };

/*
 * Written before the rule: a program no rule knows, run as root (or another user) through
 * sudo, doas, pkexec, run0 or runuser, asks: whatever it does, it does with the whole machine.
 * Commands the rules know are judged by those rules; well-known read-only tools stay quiet.
 */
const asks: Array<readonly [Expected, string]> = [
  ['ask', 'sudo frobnicate --all'],
  ['ask', 'sudo /opt/vendor/bin/agent start'],
  ['ask', 'sudo -u postgres mytool --init'],
  ['ask', 'sudo -E env FOO=1 mytool'],
  ['ask', 'sudo nice -n 5 mytool'],
  ['ask', 'sudo timeout 5 mytool'],
  ['ask', 'sudo -- mytool'],
  ['ask', 'doas mytool'],
  ['ask', 'doas -u root mytool'],
  ['ask', 'pkexec mytool'],
  ['ask', 'pkexec --user root mytool'],
  ['ask', 'run0 mytool'],
  ['ask', 'run0 --user=root mytool'],
  ['ask', 'runuser -u root -- mytool'],
  ['ask', 'cd /opt/x && sudo ./configure-host'],
  ['ask', 'true && sudo foo'],
];

/** Sudo's own housekeeping (credentials, listing) and read-only inspection run nothing new. */
const quiet: Array<readonly [Expected, string]> = [
  ['quiet', 'sudo -n true'],
  ['quiet', 'sudo -v'],
  ['quiet', 'sudo -l'],
  ['quiet', 'sudo -k'],
  ['quiet', 'sudo -K'],
  ['quiet', 'sudo whoami'],
  ['quiet', 'sudo id -u'],
  ['quiet', 'sudo ls -la /var/log'],
  ['quiet', 'sudo tail -n 50 /var/log/syslog'],
  ['quiet', 'sudo journalctl -u nginx --since today'],
  ['quiet', 'sudo lsof -i :8080'],
  ['quiet', 'sudo ss -tlnp'],
  ['quiet', 'sudo dmesg | tail'],
  ['quiet', 'sudo du -sh /var/lib/docker'],
  ['quiet', 'sudo systemctl status nginx'],
  ['quiet', 'sudo apt-get update'],
  ['quiet', 'sudo iptables -L'],
  ['quiet', 'frobnicate --all'],
];

describe('running programs as root', () => {
  it('asks before running a program the rules do not know as root', () => expectVerdicts(asks, project));
  it("keeps sudo's housekeeping and read-only inspection quiet", () => expectVerdicts(quiet, project));
});
