import { afterEach, describe, expect, it } from 'vitest';
import type { TerminalStreamEvent } from './streamEvents';
import type { TerminalService } from './service';
import { markedService, MARK, until } from './testing/backendScenarios';
import { processesWith, uniqueSleep } from './testing/commandLines';
import { settleProcesses } from './testing/procs';

// A task whose session is gone leaves nothing running: not even what its commands left behind.
let service: TerminalService | undefined;
let mark = '';
afterEach(async () => {
  await service?.shutdown();
  expect(await settleProcesses(MARK, mark)).toEqual([]);
});

describe('TerminalService.releaseTask', () => {
  it('ends its background process and the orphans of its finished commands, and nothing of other tasks', async () => {
    const events: TerminalStreamEvent[] = [];
    ({ service, mark } = markedService({ onEvent: (e) => void events.push(e), flowControl: false }));
    const [background, orphan, other] = [uniqueSleep(), uniqueSleep(), uniqueSleep()];
    const started = await service.run({
      taskId: 'gone',
      toolCallId: 'call_bg',
      command: `echo bg; sleep ${background}`,
      background: true,
      pty: true,
    });
    // A foreground command that finished but left a child running in its process group.
    await service.run({
      taskId: 'gone',
      toolCallId: 'call_fg',
      command: `sleep ${orphan} >/dev/null 2>&1 &`,
    });
    await service.run({
      taskId: 'other',
      toolCallId: 'call_kept',
      command: `sleep ${other}`,
      background: true,
    });
    await until(() => [background, orphan, other].every((s) => processesWith(`sleep ${s}`).length > 0));

    await service.releaseTask('gone');

    expect(started.status === 'started' && service.processes.get(started.processId).status).toBe('killed');
    expect(service.environments.peek('gone')).toBeUndefined();
    expect(events).toContainEqual(expect.objectContaining({ type: 'exit', streamId: started.streamId }));
    await until(() => processesWith(`sleep ${background}`).length === 0);
    await until(() => processesWith(`sleep ${orphan}`).length === 0);
    expect(processesWith(`sleep ${other}`)).not.toEqual([]);
    expect(service.environments.peek('other')).toBeDefined();
  });
});
