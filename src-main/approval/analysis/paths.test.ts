import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  canonicalPath,
  configWriteKey,
  deviceKind,
  ownHome,
  protectedTarget,
  protectOwnConfig,
  protectOwnHome,
  resolvePath,
} from './paths';
import { DYN } from './words';

describe('paths', () => {
  it('canonicalises lexically', () => {
    expect(canonicalPath('//usr/./bin/../')).toBe('/usr');
    expect(canonicalPath('/..')).toBe('/');
    expect(canonicalPath('./a/../b/')).toBe('b');
    expect(canonicalPath('~/x/..')).toBe('~');
  });

  it('recognises protected delete targets', () => {
    for (const p of [
      '/',
      '/*',
      '/.',
      '/usr/../',
      '/etc',
      '/home',
      '/home/bob',
      '/Users/amy/*',
      '~',
      '~/',
      '~/*',
      '~/.*',
      '~bob',
      '/usr/local',
      '/e*',
      '/{tmp,etc}',
      '~/..',
    ]) {
      expect(protectedTarget(p), p).not.toBeNull();
    }
    for (const p of [
      '/tmp',
      '/tmp/x',
      '/home/bob/project',
      '~/project',
      'build',
      './x',
      '/usr/local/lib/x',
      `/${DYN}`,
    ]) {
      expect(protectedTarget(p), p).toBeNull();
    }
  });

  it('resolves relative paths against a known directory', () => {
    expect(resolvePath('/', '*')).toBe('/*');
    expect(resolvePath(null, '*')).toBe('*');
    expect(resolvePath('~', '.')).toBe('~');
  });

  it('tells block devices from harmless device files', () => {
    expect(deviceKind('/dev/sda')).toBe('block');
    expect(deviceKind('/dev/nvme0n1p2')).toBe('block');
    expect(deviceKind('/dev/disk/by-id/x')).toBe('block');
    expect(deviceKind('/dev/null')).toBeNull();
    expect(deviceKind('/dev/ttyUSB0')).toBeNull();
    expect(deviceKind('/dev/mtd0')).toBe('other');
    expect(deviceKind('out.img')).toBeNull();
  });

  it('classifies config writes', () => {
    expect(configWriteKey('/etc/sudoers')).toBe('sudoers-write');
    expect(configWriteKey('/etc/sudoers.d/x')).toBe('sudoers-write');
    expect(configWriteKey('~/.ssh/authorized_keys')).toBe('ssh-config-write');
    expect(configWriteKey('~/.bashrc')).toBe('shell-rc-write');
    expect(configWriteKey('~/.config/fish/config.fish')).toBe('shell-rc-write');
    expect(configWriteKey('~/.npmrc')).toBe('credential-write');
    expect(configWriteKey('~/.aws/credentials')).toBe('credential-write');
    expect(configWriteKey('~/.caduceus/config.yaml')).toBe('caduceus-config-write');
    expect(configWriteKey('/etc/hosts')).toBe('system-config-write');
    expect(configWriteKey('/usr/bin/python')).toBe('system-config-write');
    // Programs put on PATH for every user are worth a question; the rest of /usr/local is not.
    expect(configWriteKey('/usr/local/bin/tool')).toBe('system-config-write');
    expect(configWriteKey('/usr/local/sbin/tool')).toBe('system-config-write');
    expect(configWriteKey('/usr/local/lib/libx.so')).toBeNull();
    expect(configWriteKey('/usr/local/share/doc/x')).toBeNull();
    expect(configWriteKey('src/config.yaml')).toBeNull();
    expect(configWriteKey('/tmp/out.txt')).toBeNull();
    expect(configWriteKey(`${DYN}/.ssh/config`)).toBe('ssh-config-write');
  });
});

// Plain lower-case absolute paths are answered without a copy; these look plain but are not.
describe('config writes of absolute paths that look plain', () => {
  it.each([
    ['/tmp/../etc/passwd', 'system-config-write'],
    ['/tmp//../etc/sudoers', 'sudoers-write'],
    ['/tmp/./../etc/hosts', 'system-config-write'],
    ['/ETC/hosts', 'system-config-write'],
    ['/Etc/sudoers', 'sudoers-write'],
    ['/etc', 'system-config-write'],
    ['//etc/hosts', 'system-config-write'],
    ['/tmp//etc/../../etc/hosts', 'system-config-write'],
    ['/usr/share/x', 'system-config-write'],
    ['/tmp/a/.bashrc', 'shell-rc-write'],
    ['/tmp/a/.ssh/authorized_keys', 'ssh-config-write'],
    ['/tmp/.aws/credentials', 'credential-write'],
    ['/srv/fish/config.fish', 'shell-rc-write'],
    ['/srv/x/_netrc', 'credential-write'],
    ['/opt/caduceus/config.yaml', 'caduceus-config-write'],
    ['/tmp/build-1', null],
    ['/usr/local/lib/libx.so', null],
    ['/srv/x.conf/a-b_c+1', null],
  ])('%s', (path, key) => {
    expect(configWriteKey(path)).toBe(key);
    // Asked twice, after another top, so a remembered top cannot answer for the wrong one.
    expect(configWriteKey('/tmp/x')).toBeNull();
    expect(configWriteKey(path)).toBe(key);
  });
});

describe('protectOwnConfig', () => {
  it("protects this process's config.yaml wherever the config home is", () => {
    expect(configWriteKey('/srv/agent-home/config.yaml')).toBeNull();
    protectOwnConfig(['/srv/agent-home/config.yaml']);
    expect(configWriteKey('/srv/agent-home/config.yaml')).toBe('caduceus-config-write');
    expect(configWriteKey('/srv/agent-home/./config.yaml')).toBe('caduceus-config-write');
    expect(configWriteKey('/srv/other/config.yaml')).toBeNull();
  });
});

describe('protectOwnHome', () => {
  it('reads $CADUCEUS_HOME as the real config home, ~/… only when it is under the home folder', () => {
    expect(ownHome()).toBe('~/.caduceus');
    protectOwnHome(join(homedir(), 'agents', 'one'));
    expect(ownHome()).toBe('~/agents/one');
    expect(configWriteKey(`${homedir()}/agents/one/config.yaml`)).toBe('caduceus-config-write');
    protectOwnHome('/srv/elsewhere/');
    expect(ownHome()).toBe('/srv/elsewhere');
    expect(configWriteKey('/srv/elsewhere/config.yaml')).toBe('caduceus-config-write');
  });
});
