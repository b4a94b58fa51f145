import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

// Written before the rule: root shells, leaving the container or namespace, kernel and system state.
const dangerous: Array<readonly [Expected, string]> = [
  ['ask', 'sudo -s'],
  ['ask', 'sudo -i'],
  ['ask', 'sudo su'],
  ['ask', 'sudo bash'],
  ['ask', 'su -'],
  ['ask', 'su - postgres'],
  ['ask', 'pkexec bash'],
  ['ask', 'doas sh'],
  ['ask', 'nsenter -t 1 -m -u -i -n -p sh'],
  ['ask', 'nsenter --target 1 --mount --pid'],
  ['ask', 'docker run --privileged -v /:/host alpine chroot /host'],
  ['ask', 'docker run --rm -v /:/mnt alpine ls /mnt'],
  ['ask', 'docker run --network host --pid host --ipc host -it ubuntu'],
  ['ask', 'lxc config set c1 security.privileged true'],
  ['ask', 'incus config set c1 security.nesting=true'],
  ['ask', 'podman run --pid=host -it fedora'],
  ['ask', 'docker run -v /var/run/docker.sock:/var/run/docker.sock docker:cli ps'],
  ['ask', 'docker run --cap-add=SYS_ADMIN --security-opt apparmor=unconfined ubuntu'],
  ['ask', 'insmod ./rootkit.ko'],
  ['ask', 'sudo modprobe -r nvidia'],
  ['ask', 'rmmod e1000e'],
  ['ask', 'sudo mount -o remount,rw /'],
  ['ask', 'mount /dev/sdb1 /mnt'],
  ['ask', 'umount -l /home'],
  ['ask', 'swapoff -a'],
  ['ask', 'setenforce 0'],
  ['ask', 'sudo sysctl -w kernel.randomize_va_space=0'],
  ['ask', 'iptables -F'],
  ['ask', 'sudo apt-get remove --purge -y openssh-server'],
  ['ask', 'sudo dnf remove -y systemd-resolved'],
  ['ask', 'pacman -Rns linux'],
  ['ask', 'yum erase -y sudo'],
  ['ask', 'sudo pip uninstall -y pip'],
  ['ask', 'sudo pip3 uninstall -y requests'],
  ['ask', 'apk del busybox'],
  ['ask', 'brew uninstall --force git'],
  ['ask', 'brew rm node'],
  ['ask', 'flatpak uninstall org.gimp.GIMP'],
  ['ask', 'sudo port uninstall python311'],
];

const benign: Array<readonly [Expected, string]> = [
  ['quiet', 'docker run --rm alpine echo hi'],
  ['quiet', 'pip uninstall -y requests'],
  ['quiet', 'npm uninstall lodash'],
  ['quiet', 'docker run --rm -v "$PWD":/src -w /src node:22 npm test'],
  ['quiet', 'docker run -p 5432:5432 -e POSTGRES_PASSWORD=x postgres:16'],
  ['quiet', 'sudo -l'],
  ['quiet', 'sudo -v'],
  ['quiet', 'mount'],
  ['quiet', 'mount | grep nvme'],
  ['quiet', 'findmnt /'],
  ['quiet', 'lsmod'],
  ['quiet', 'modinfo e1000e'],
  ['quiet', 'sysctl -a'],
  ['quiet', 'getenforce'],
  ['quiet', 'iptables -L -n'],
  ['quiet', 'apt list --installed'],
  ['quiet', 'pacman -Qi linux'],
  ['quiet', 'swapon --show'],
  ['quiet', 'whoami'],
  ['quiet', 'brew list'],
  ['quiet', 'brew uninstall --dry-run wget'],
  ['quiet', 'flatpak list'],
];

describe('privilege and system', () => {
  it('asks before root shells, host access, kernel and system changes', () => expectVerdicts(dangerous));
  it('keeps ordinary containers and system reads quiet', () => expectVerdicts(benign));
});
