import { afterEach, describe, expect, it } from 'vitest';
import type { TerminalStreamEvent } from './streamEvents';
import type { TerminalService } from './service';
import type { StreamConsumers } from './streamHub';
import { MARK, markedService, until } from './testing/backendScenarios';
import { settleProcesses } from './testing/procs';

// A user shell has a mirror of its own: a page that (re)connects gets its screen first. It is
// released when the shell ends, and nothing of it is kept.

let service: TerminalService;
let mark: string;
const events: TerminalStreamEvent[] = [];
const consumers: StreamConsumers = { ids: () => ['page-1'], watch: () => () => undefined };

afterEach(async () => {
  await service.shutdown();
  expect(await settleProcesses(MARK, mark)).toEqual([]);
  events.length = 0;
});

const dataTo = (consumer: string) =>
  events.flatMap((e) => (e.type === 'data' && (e.to === undefined || e.to.includes(consumer)) ? [e] : []));

describe('the mirror of a user shell', () => {
  it('gives a page that reconnects the screen at its size, then live output; ends with the shell', async () => {
    ({ service, mark } = markedService({
      // A plain sh: an interactive bash runs the machine's ~/.bashrc, which may be slow.
      config: { env: { SHELL: '/bin/sh' } },
      consumers,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'data') service.ack(event.streamId, event.data.length, 'page-1');
      },
    }));
    const shell = await service.openUserShell({ taskId: 't1', cols: 80, rows: 24 });
    shell.resize(100, 30);
    shell.write("printf 'shell-%s\\n' $((6*7))\r");
    await until(() => dataTo('page-1').some((e) => e.data.includes('shell-42')));
    expect(service.streams.mirrors.liveCount).toBe(1);

    await service.streams.restore('page-2');
    await until(() => dataTo('page-2').some((e) => e.snapshot));
    const snapshot = dataTo('page-2').find((e) => e.snapshot);
    expect(snapshot).toMatchObject({ streamId: shell.streamId, size: { cols: 100, rows: 30 } });
    expect(snapshot?.data).toContain('shell-42');
    shell.write("printf 'then-%s\\n' $((2*4))\r");
    await until(() => dataTo('page-2').some((e) => !e.snapshot && e.data.includes('then-8')));

    await shell.close();
    await until(() => service.streams.mirrors.liveCount === 0);
    await service.streams.mirrors.settled();
    expect(service.streams.mirrors.finishedScreens()).toEqual([]);
    const before = events.length;
    await service.streams.restore('page-3');
    expect(events.slice(before)).toEqual([]);
  });
});
