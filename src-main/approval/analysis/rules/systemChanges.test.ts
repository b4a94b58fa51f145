import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

// Capabilities, packages from files, erased logs and audit rules, interfaces and routes taken down.
const dangerous: Array<readonly [Expected, string]> = [
  ['ask', 'sudo setcap cap_net_admin+eip /usr/local/bin/tool'],
  ['ask', 'setcap "cap_dac_override=ep" ./server'],
  ['ask', 'sudo dpkg --install ./vendor/agent_1.2_amd64.deb'],
  ['ask', 'sudo apt-get install -y /tmp/agent.deb'],
  ['ask', 'sudo rpm -ivh https://example.com/agent.rpm'],
  ['ask', 'sudo dnf install ./agent.rpm'],
  ['ask', 'sudo pacman -U agent-1.0-1-x86_64.pkg.tar.zst'],
  ['ask', 'sudo installer -pkg Agent.pkg -target /'],
  ['ask', 'sudo snap install --dangerous agent.snap'],
  ['ask', 'sudo journalctl --vacuum-files=1'],
  ['ask', 'sudo auditctl -e 0'],
  ['ask', 'sudo truncate -s 0 /var/log/auth.log'],
  ['ask', 'sudo unlink /var/log/secure'],
  ['ask', 'cat /dev/null > /var/log/wtmp'],
  ['ask', 'sudo sh -c ": > /var/log/syslog"'],
  ['ask', 'sudo ip addr flush dev eth0'],
  ['ask', 'sudo ip route del default'],
  ['ask', 'sudo ifconfig eth0 down'],
  ['ask', 'sudo ifdown wlan0'],
  ['ask', 'nmcli radio wifi off'],
  ['ask', 'nmcli connection down "Office VPN"'],
];

const benign: Array<readonly [Expected, string]> = [
  ['quiet', 'getcap -r /usr/bin'],
  ['quiet', 'setcap -v cap_net_raw+ep ./bin/ping'],
  ['quiet', 'dpkg -l | grep libssl'],
  ['quiet', 'rpm -qa | sort'],
  ['quiet', 'sudo apt-get install -y libssl-dev'],
  ['quiet', 'journalctl -u nginx --since today'],
  ['quiet', 'sudo tail -n 100 /var/log/syslog'],
  ['quiet', 'echo started >> /var/log/myapp.log'],
  ['quiet', 'ip -br addr'],
  ['quiet', 'ip route get 1.1.1.1'],
  ['quiet', 'nmcli device status'],
  ['quiet', 'ifconfig -a'],
];

describe('system changes', () => {
  it('asks for capabilities, packages from files, erased logs and network taken down', () =>
    expectVerdicts(dangerous));
  it('keeps inspection, ordinary installs and appends to logs quiet', () => expectVerdicts(benign));
});
