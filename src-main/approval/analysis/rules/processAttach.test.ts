import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

const project = { cwd: '/home/dev/project', workspace: '/home/dev/project' };

/* Written before the rule: debuggers and tracers attached to processes already running. */
const asks: Array<readonly [Expected, string]> = [
  ['ask', `gdb -p 1234 -batch -ex 'call (int)system("id > /tmp/o")'`],
  ['ask', 'gdb --pid=$(pgrep sshd) -batch -ex bt'],
  ['ask', `gdb -q -ex 'attach 4321' -ex 'info registers'`],
  ['ask', 'gdb /usr/bin/python3 4321'],
  ['ask', 'lldb -p 999'],
  ['ask', 'lldb --attach-name ssh-agent'],
  ['ask', 'strace -p $(pgrep -f ssh-agent) -e read -s 4096'],
  ['ask', 'strace -f -p 1 -o /tmp/trace'],
  ['ask', 'ltrace -p $(pgrep gpg-agent)'],
  ['ask', 'perf record -p 1 -g'],
  ['ask', 'gcore 2345'],
  ['ask', 'reptyr 2345'],
];

const quiet: Array<readonly [Expected, string]> = [
  ['quiet', 'gdb ./build/app'],
  ['quiet', 'gdb -batch -ex run -ex bt --args ./build/app --flag'],
  ['quiet', 'gdb -q ./app'],
  ['quiet', 'lldb ./build/app'],
  ['quiet', 'strace -f -o trace.log ./build/app'],
  ['quiet', 'strace -c ls'],
  ['quiet', 'ltrace ./build/app'],
  ['quiet', 'perf record -g ./build/app'],
  ['quiet', 'perf stat make'],
];

describe('attaching to running processes', () => {
  it('asks before a debugger or tracer attaches to a process', () => expectVerdicts(asks, project));
  it('keeps programs started under a debugger or tracer quiet', () => expectVerdicts(quiet, project));
});
