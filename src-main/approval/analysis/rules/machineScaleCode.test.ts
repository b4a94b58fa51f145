import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

/* Written before the rules: what kill -9 1, kill -9 -1 and reboot do, said in code or AppleScript. */
const hardline: Array<readonly [Expected, string]> = [
  ['hardline', "sudo python3 -c 'import os; os.kill(1, 9)'"],
  ['hardline', "python3 -c 'import os, signal; os.kill(-1, signal.SIGKILL)'"],
  ['hardline', `node -e 'process.kill(1, "SIGKILL")'`],
  ['hardline', "perl -e 'kill 9, -1'"],
  ['hardline', 'perl -e \'kill("KILL", 1)\''],
  ['hardline', "ruby -e 'Process.kill(:KILL, 1)'"],
  ['hardline', "php -r 'posix_kill(-1, 9);'"],
  ['hardline', `osascript -e 'tell application "System Events" to restart'`],
  ['hardline', `osascript -e 'tell app "Finder" to shut down'`],
  ['hardline', `osascript -e 'tell app "loginwindow" to «event aevtrsdn»'`],
];

const notMachineScale: Array<readonly [Expected, string]> = [
  ['ask', "python3 -c 'import os; os.kill(1234, 9)'"],
  ['ask', "python3 -c 'import os, sys; os.kill(int(sys.argv[1]), 1)'"],
  ['ask', `node -e 'process.kill(process.pid, "SIGTERM")'`],
  ['ask', `perl -e 'kill "HUP", $pid'`],
  ['ask', "ruby -e 'Process.kill(:TERM, 4242)'"],
  ['quiet', `osascript -e 'display notification "Build finished"'`],
  ['quiet', `osascript -e 'tell application "Safari" to activate'`],
  ['quiet', `osascript -e 'quit app "Docker"'`],
];

describe('machine-scale kills and restarts in code', () => {
  it('refuses code that signals init or every process, and AppleScript restarts', () =>
    expectVerdicts(hardline));
  it('asks for other kills and keeps other AppleScript quiet', () => expectVerdicts(notMachineScale));
});
