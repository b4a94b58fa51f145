import { afterEach, describe, expect, it } from 'vitest';
import { TerminalService } from './service';
import { TerminalHolder } from './terminalHolder';
import { alive } from './testing/procs';

const services: TerminalService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.shutdown()));
});

function service(): TerminalService {
  const s = new TerminalService();
  services.push(s);
  return s;
}

async function sleeper(s: TerminalService): Promise<number> {
  const started = await s.run({ taskId: 't', toolCallId: 'c', command: 'sleep 60', background: true });
  if (started.status !== 'started' || started.pid === undefined) throw new Error('no background process');
  return started.pid;
}

describe('TerminalHolder', () => {
  it('shuts down what it replaces, and at shutdown the current one', async () => {
    const first = service();
    const holder = new TerminalHolder(first);
    const old = await sleeper(first);
    const second = service();
    await holder.replace(second);
    expect(holder.current).toBe(second);
    expect(alive(old)).toBe(false);
    const current = await sleeper(second);
    await holder.shutdown();
    expect(alive(current)).toBe(false);
  });

  it('ends a service put in after shutdown at once', async () => {
    const holder = new TerminalHolder(service());
    await holder.shutdown();
    const late = service();
    const pid = await sleeper(late);
    await holder.replace(late);
    expect(alive(pid)).toBe(false);
    expect(holder.shutdown()).toBe(holder.shutdown());
  });
});
