import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

// Written before the rules: what runs as root through a command that carries code, scripts of
// any interpreter run as root, firewall rules added, and tracers attached to processes as root.
const dangerous: Array<readonly [Expected, string]> = [
  ['ask', 'sudo watch mytool'],
  ['ask', 'sudo watch -n 5 ./deploy'],
  ['ask', 'doas watch mytool'],
  ['ask', 'sudo -u bob watch mytool'],
  ['ask', 'sudo flock /tmp/l -c mytool'],
  ['ask', 'sudo script -qc mytool /dev/null'],
  ['ask', 'sudo env -S "mytool x"'],
  ['ask', 'sudo git -c core.pager=mytool log'],
  ['ask', 'sudo sed -n "1e mytool" notes.txt'],
  ['ask', 'sudo php artisan migrate'],
  ['ask', 'sudo php x.php'],
  ['ask', 'sudo deno run x.ts'],
  ['ask', 'sudo bun x.ts'],
  ['ask', 'sudo julia x.jl'],
  ['ask', 'sudo python3 -m pip install requests'],
  ['ask', 'sudo ufw allow 22'],
  ['ask', 'sudo ufw deny from 10.0.0.5'],
  ['ask', 'sudo ufw enable'],
  ['ask', 'sudo ufw default allow incoming'],
  ['ask', 'sudo ufw route allow in on eth0'],
  ['ask', 'sudo iptables -A INPUT -p tcp --dport 22 -j ACCEPT'],
  ['ask', 'sudo iptables -I INPUT 1 -j ACCEPT'],
  ['ask', 'sudo iptables -t nat -A PREROUTING -p tcp --dport 80 -j REDIRECT --to-port 8080'],
  ['ask', 'sudo nft add rule inet filter input tcp dport 22 accept'],
  ['ask', 'sudo strace -p 1'],
  ['ask', 'sudo ltrace -p 1234'],
  ['ask', 'sudo strace -f -p 4321 -e trace=read'],
  ['ask', 'sudo gdb -p 1234 -batch -ex "call system(\\"id\\")"'],
];

const benign: Array<readonly [Expected, string]> = [
  ['quiet', 'sudo watch -n 2 df -h'],
  ['quiet', 'watch -n1 mytool'],
  ['quiet', 'watch -n 5 ./deploy'],
  ['quiet', 'flock /tmp/l -c mytool'],
  ['quiet', 'sudo ls && watch -n1 mytool'],
  ['quiet', 'sudo -u bob watch -n1 df -h; flock /tmp/l -c mytool'],
  ['quiet', 'sudo timeout 5 df -h'],
  ['quiet', 'sudo ufw status'],
  ['quiet', 'sudo ufw status verbose'],
  ['quiet', 'ufw app list'],
  ['quiet', 'sudo iptables -L -n'],
  ['quiet', 'sudo iptables -S'],
  ['quiet', 'sudo nft list ruleset'],
  ['quiet', 'strace -c ./app'],
  ['quiet', 'strace -f ./app'],
  ['quiet', 'sudo php -v'],
  ['quiet', 'sudo python3 --version'],
  ['quiet', 'php artisan migrate'],
  ['quiet', 'deno run x.ts'],
];

describe('what runs as root', () => {
  it('asks for code run as root through carriers, interpreters, firewalls and tracers', () =>
    expectVerdicts(dangerous));
  it('keeps reads as root and the same commands without root quiet', () => expectVerdicts(benign));
});
