import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LedgerEntry } from '../../src-shared/approvalsLedger';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { denyApprover } from '../approval/asking';
import {
  createMemoryAllowlistStore,
  type GateQuestion,
  type Approver,
  type ApproverAnswer,
} from '../approval/gate';
import { newRuntime } from '../runtime/testing/fixtures';
import { TerminalService } from '../terminal/service';
import { settleProcesses } from '../terminal/testing/procs';
import * as codeModule from '../tools/codeExecution';
import * as fileModule from '../tools/file';
import * as terminalModule from '../tools/terminal';
import { fakeGate, MARK } from '../tools/testing/terminal';
import type { ToolServices } from '../tools/toolModule';
import { SandboxEscalation } from './escalation';
import { removeProcessFolder } from './processFolder';
import { Sandbox } from './sandbox';

let root: string;
let workspace: string;
let outside: string;
let terminal: TerminalService;
let sandbox: Sandbox;
let mark: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-escalation-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await removeProcessFolder();
});
afterEach(async () => {
  await terminal.shutdown();
  await sandbox.dispose();
  expect(await settleProcesses(MARK, mark)).toEqual([]);
});

/** An Approver that records every question and answers from a script. */
function testApprover(answers: ApproverAnswer[]): Approver & { asked: GateQuestion[] } {
  const asked: GateQuestion[] = [];
  return {
    asked,
    request: async (req) => {
      asked.push(req);
      return answers.shift() ?? 'closed';
    },
  };
}

async function setup(approver: Approver, ledger: LedgerEntry[] = [], home?: string) {
  const id = Math.random().toString(36).slice(2, 8);
  workspace = join(root, `ws-${id}`);
  outside = join(root, `outside-${id}`);
  await mkdir(workspace, { recursive: true });
  await mkdir(outside, { recursive: true });
  mark = Math.random().toString(36).slice(2);
  sandbox = new Sandbox({}, { caduceusHome: join(root, 'home'), ...(home ? { home } : {}) });
  terminal = new TerminalService({ config: { local: { cwd: workspace }, env: { [MARK]: mark } }, sandbox });
  const store = createMemoryAllowlistStore();
  const { runtime, logger } = newRuntime();
  const services: ToolServices = {
    terminal,
    commandGate: fakeGate().gate,
    sandboxEscalation: new SandboxEscalation({ approver, store, ledger: { record: (e) => ledger.push(e) } }),
    dispatchTool: (name, args, ctx) => runtime.handleFunctionCall(name, args, ctx),
  };
  for (const module of [codeModule, fileModule, terminalModule])
    module.registerTools({ registry: runtime.registry, logger, services });
  const ctx = { taskId: 'task-1', sessionId: 'session-1', toolCallId: 'call-1' };
  const call = async (name: string, args: object) =>
    JSON.parse((await runtime.handleFunctionCall(name, args as Record<string, unknown>, ctx)).text) as Record<
      string,
      unknown
    >;
  return { call, store };
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('when the sandbox refuses', () => {
  it('asks a person, and "once" runs that exact command outside the sandbox', async () => {
    const approver = testApprover(['once']);
    const { call } = await setup(approver);
    const target = join(outside, 'made.txt');
    const result = await call('terminal', { command: `echo hi > ${target}` });
    expect(approver.asked).toHaveLength(1);
    expect(approver.asked[0]?.command).toBe(`echo hi > ${target}`);
    expect(approver.asked[0]?.verdict.reasons[0]).toContain(`refused to write ${target}`);
    expect(result.sandbox).toMatchObject({ refused: 'write', escalation: 'ran-outside' });
    expect(await exists(target)).toBe(true);
  });

  it('runs an approved command outside without what sandboxed commands left in the environment', async () => {
    const approver = testApprover(['session']);
    const { call } = await setup(approver);
    const stateFiles = '"$TMPDIR"/../caduceus-term-*/.caduceus-*.env';
    await call('terminal', { command: `touch ${join(outside, 'approved')}` });
    // Doctor the saved environment, then die before the exit trap can write a clean one. Only
    // files the sandbox lets it write: other test processes' environments match the glob too.
    await call('terminal', {
      command: `n=0; for f in ${stateFiles}; do [ -w "$f" ] && echo "touch ${outside}/smuggled" >> "$f" && n=$((n+1)); done; echo $n > doctored; kill -KILL $$`,
    });
    expect(Number(await readFile(join(workspace, 'doctored'), 'utf8'))).toBeGreaterThan(0);
    // Approved for the session: this one goes straight outside.
    await call('terminal', { command: `touch ${join(outside, 'again')}` });
    expect(approver.asked).toHaveLength(1);
    expect(await exists(join(outside, 'again'))).toBe(true);
    expect(await exists(join(outside, 'smuggled'))).toBe(false);
  });

  it('under --approvals deny tells the model what was refused and runs nothing outside', async () => {
    const { call } = await setup(denyApprover);
    const target = join(outside, 'denied.txt');
    const result = await call('terminal', { command: `touch ${target}` });
    expect(result.exit_code).not.toBe(0);
    expect(result.sandbox).toMatchObject({ refused: 'write', escalation: 'denied' });
    expect(String((result.sandbox as { message: string }).message)).toContain(target);
    expect(await exists(target)).toBe(false);
  });

  it('asks about a sandboxed read of a secret every time, whatever was answered before', async () => {
    const approver = testApprover(['session', 'deny']);
    const home = join(root, 'user-home');
    const npmrc = join(home, '.npmrc');
    await mkdir(home, { recursive: true });
    await writeFile(npmrc, 'token=x\n');
    const { call } = await setup(approver, [], home);
    const first = await call('terminal', { command: `cat ${npmrc}` });
    expect(approver.asked[0]?.verdict.reasons[0]).toContain(`refused to read ${npmrc}`);
    expect(first.sandbox).toMatchObject({ refused: 'read', escalation: 'ran-outside' });
    expect(first.output).toContain('token=x');
    const second = await call('terminal', { command: `cat ${npmrc}` });
    expect(approver.asked).toHaveLength(2);
    expect(second.sandbox).toMatchObject({ refused: 'read', escalation: 'denied' });
    expect(second.output).not.toContain('token=x');
  });

  it('remembers "session" for the same simple command and stores "always" as a prefix rule', async () => {
    const approver = testApprover(['session', 'always']);
    const { call, store } = await setup(approver);
    await call('terminal', { command: `touch ${join(outside, 'a')}` });
    await call('terminal', { command: `touch ${join(outside, 'b')}` });
    expect(approver.asked).toHaveLength(1);
    expect(await exists(join(outside, 'b'))).toBe(true);
    await call('terminal', { command: `mkdir ${join(outside, 'c')}` });
    expect(approver.asked).toHaveLength(2);
    expect(store.keys()).toEqual(['sandbox-outside:mkdir']);
  });

  it('records each escalation question and its answer in the approvals ledger', async () => {
    const approver = testApprover(['session', 'deny']);
    const ledger: LedgerEntry[] = [];
    const { call } = await setup(approver, ledger);
    const touch = `touch ${join(outside, 'ledgered')}`;
    await call('terminal', { command: touch });
    await call('terminal', { command: 'git ls-remote https://example.com/repo.git' });
    expect(approver.asked).toHaveLength(2);
    expect(ledger).toHaveLength(2);
    expect(ledger[0]).toMatchObject({
      id: approver.asked[0]?.id,
      sessionId: 'session-1',
      toolCallId: 'call-1',
      subjectKind: 'sandbox-escalation',
      subject: touch,
      keys: ['sandbox-outside:touch'],
      allowed: true,
      decidedBy: 'human',
      scope: 'session',
    });
    expect(ledger[0]?.reasons[0]).toContain('outside the sandbox');
    expect(ledger[1]).toMatchObject({
      id: approver.asked[1]?.id,
      subjectKind: 'sandbox-escalation',
      keys: ['sandbox-host:example.com'],
      allowed: false,
      decidedBy: 'human',
      scope: null,
    });
    expect(ledger[1]?.reasons[0]).toContain('example.com');
  });

  it('asks about a blocked host and, denied, says so', async () => {
    const approver = testApprover(['deny']);
    const { call } = await setup(approver);
    const result = await call('terminal', { command: 'git ls-remote https://example.com/repo.git' });
    expect(approver.asked[0]?.alwaysKeys).toEqual(['sandbox-host:example.com']);
    expect(result.sandbox).toMatchObject({ refused: 'network', escalation: 'denied' });
  });

  it('asks about an execute_code script by showing its code, and "once" runs it outside', async () => {
    const approver = testApprover(['once']);
    const { call } = await setup(approver);
    const target = join(outside, 'from-script.txt');
    const result = await call('execute_code', {
      language: 'python',
      code: `open("${target}", "w").write("x")`,
    });
    expect(approver.asked[0]?.command).toBe(`python3 -c 'open("${target}", "w").write("x")'`);
    expect(result.sandbox).toMatchObject({ refused: 'write', escalation: 'ran-outside' });
    expect(await exists(target)).toBe(true);
  });

  it('lets an execute_code script call tools over its loopback channel from inside', async () => {
    const { call } = await setup(denyApprover);
    const code = [
      'import json',
      `tools.write_file(path="from-script.txt", content="via rpc")`,
      'print(json.loads(tools.read_file(path="from-script.txt"))["content"].strip())',
      `open("${join(outside, 'script.txt')}", "w")`,
    ].join('\n');
    const result = await call('execute_code', { language: 'python', code });
    expect(result.tool_calls).toBe(2);
    expect(String(result.output)).toContain('via rpc');
    expect(result.sandbox).toMatchObject({ refused: 'write' });
    expect(await exists(join(outside, 'script.txt'))).toBe(false);
  });
});
