import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initShellParser } from '../../approval/analysis';
import { scriptedApprover, setup } from '../../approval/testing/gateFakes';
import { commandGateFor } from '../../approval/gate';
import type { TerminalService } from '../../terminal/service';
import { settleProcesses } from '../../terminal/testing/procs';
import * as terminalModule from '../terminal';
import { loadTools } from '../testing/harness';
import { localTerminal, MARK } from '../testing/terminal';

let dir: string;
let terminal: TerminalService;
let mark: string;

beforeAll(async () => {
  await initShellParser();
  dir = await mkdtemp(join(tmpdir(), 'caduceus-process-write-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await terminal.shutdown();
  expect(await settleProcesses(MARK, mark)).toEqual([]);
});

/** The process tool wired to the real approval gate, whose human denies every prompt. */
function tools() {
  ({ terminal, mark } = localTerminal(dir));
  const approver = scriptedApprover();
  const { gate } = setup({ approver });
  return { t: loadTools(terminalModule, { terminal, commandGate: commandGateFor(gate, 'local') }), approver };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('process write', () => {
  it('gates text sent to a running shell as the commands it will run', async () => {
    const { t, approver } = tools();
    await t.call('terminal', { command: 'sh', background: true });
    expect(await t.json('process', { action: 'write', process_id: 'proc_1', data: 'echo one\n' })).toEqual({
      process_id: 'proc_1',
      written_chars: 9,
    });
    await until(() => terminal.processes.log('proc_1').text.includes('one'));
    const refused = await t.json<{ error: string; approval: string }>('process', {
      action: 'write',
      process_id: 'proc_1',
      data: 'echo pwned; git push --force origin main\n',
    });
    expect(refused).toMatchObject({ approval: 'denied' });
    expect(refused.error).toMatch(/did not consent/);
    expect(approver.requests[0]?.verdict.keys).toContain('git-push-force');
    expect(approver.requests[0]?.verdict.reasons[0]).toMatch(/input of the running "sh"/);
    await t.call('process', { action: 'write', process_id: 'proc_1', data: 'echo two\n' });
    await until(() => terminal.processes.log('proc_1').text.includes('two'));
    expect(terminal.processes.log('proc_1').text).not.toContain('pwned');
  });

  it('lets the same text through to a program that only reads data', async () => {
    const { t, approver } = tools();
    await t.call('terminal', { command: 'cat', background: true });
    const data = 'git push --force origin main\n';
    expect(await t.json('process', { action: 'write', process_id: 'proc_1', data })).toEqual({
      process_id: 'proc_1',
      written_chars: data.length,
    });
    await until(() => terminal.processes.log('proc_1').text.includes('--force'));
    expect(approver.requests).toEqual([]);
  });
});
