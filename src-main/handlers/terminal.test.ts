import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TerminalStreamEvent } from '../terminal/streamEvents';
import type { TerminalService } from '../terminal/service';
import { markedService, MARK, until } from '../terminal/testing/backendScenarios';
import { settleProcesses } from '../terminal/testing/procs';
import { UserShells } from './terminal';

// Keys typed into a terminal tab reach what runs there: a user shell, or an agent's command.
let dir: string;
let service: TerminalService;
let mark: string;
let shells: UserShells;
let events: TerminalStreamEvent[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-keys-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function start(): void {
  events = [];
  ({ service, mark } = markedService({
    config: { local: { cwd: dir } },
    onEvent: (event) => {
      events.push(event);
      if (event.type === 'data') service.ack(event.streamId, event.data.length);
    },
  }));
  shells = new UserShells(() => service);
}

afterEach(async () => {
  await shells.closeAll();
  await service.shutdown();
  expect(await settleProcesses(MARK, mark)).toEqual([]);
});

const output = (streamId: string) =>
  events.flatMap((e) => (e.streamId === streamId && e.type === 'data' ? [e.data] : [])).join('');

/** Starts an agent command and resolves with its result and its stream, once it printed `ready`. */
async function agentCommand(extra: { pty?: boolean; background?: boolean }) {
  const result = service.run({
    taskId: 'task',
    toolCallId: 'call_keys',
    command: 'echo ready; read line; echo "got:$line"',
    ...extra,
  });
  await until(() => events.some((e) => e.type === 'data' && e.data.includes('ready')));
  const streamId = events.find((e) => e.toolCallId === 'call_keys')?.streamId ?? '';
  return { result, streamId };
}

describe('keys typed into an agent tab', () => {
  it('reach a running PTY command, which reads them and finishes', async () => {
    start();
    const { result, streamId } = await agentCommand({ pty: true });
    shells.write(streamId, 'hello\r');
    expect(await result).toMatchObject({ status: 'completed', exitCode: 0 });
    expect(output(streamId)).toContain('got:hello');
  });

  it('reach a background process', async () => {
    start();
    const { result, streamId } = await agentCommand({ background: true });
    expect(await result).toMatchObject({ status: 'started' });
    shells.write(streamId, 'bg\n');
    await until(() => output(streamId).includes('got:bg'));
  });

  it('are refused with a reason when the command reads no input or has ended', async () => {
    start();
    const plain = service.run({ taskId: 'task', toolCallId: 'call_plain', command: 'echo ready; sleep 30' });
    await until(() => events.some((e) => e.toolCallId === 'call_plain'));
    const streamId = events.find((e) => e.toolCallId === 'call_plain')?.streamId ?? '';
    expect(() => shells.write(streamId, 'x')).toThrow(expect.objectContaining({ code: 'no_input' }));
    await service.shutdown();
    await plain;
    expect(() => shells.write(streamId, 'x')).toThrow(expect.objectContaining({ code: 'unknown_stream' }));
  });
});
