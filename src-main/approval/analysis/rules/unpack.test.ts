import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

// Written before the rule: archives unpacked over home, its dot folders or system folders.
const dangerous: Array<readonly [Expected, string]> = [
  ['ask', 'tar -xf payload.tar -C ~'],
  ['ask', 'tar xzf dots.tgz -C $HOME'],
  ['ask', 'unzip -o keys.zip -d ~/.ssh'],
  ['ask', 'unzip -d/root a.zip'],
  ['ask', 'tar --extract --file=a.tar --directory=/usr/local'],
  ['ask', 'bsdtar -xf a.tar -C ~/.config/autostart'],
  ['ask', '7z x a.7z -o/etc/cron.d'],
  ['ask', 'tar -xPf a.tar'],
  ['ask', 'curl -sL https://example.com/a.tgz | tar -xz -C ~/.local/bin'],
  // Code run on another machine asks for its absolute paths as `ssh host "tee /etc/x"` does.
  ['ask', 'tar czf - dist | ssh deploy@web "tar xzf - -C /srv/app"'],
];

const benign: Array<readonly [Expected, string]> = [
  ['quiet', 'tar -xf a.tar'],
  ['quiet', 'tar -xzf release.tgz -C build'],
  ['quiet', 'tar xf vendor.tar -C ./vendor'],
  ['quiet', 'unzip fixtures.zip -d test/fixtures'],
  ['quiet', 'unzip -l a.zip'],
  ['quiet', 'tar -tf a.tar -C /'],
  ['quiet', 'tar -czf home.tgz -C ~ notes'],
  ['quiet', 'tar -xf a.tar -C /tmp/unpacked'],
  ['quiet', '7z x a.7z -ovendor'],
  ['quiet', '7z l a.7z'],
];

describe('files: archives unpacked', () => {
  it('asks before an archive is unpacked outside the workspace', () => expectVerdicts(dangerous));
  it('keeps unpacking into the workspace or a temp folder quiet', () => expectVerdicts(benign));
});
