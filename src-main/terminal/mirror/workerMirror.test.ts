import { afterEach, describe, expect, it } from 'vitest';
import { HeadlessMirror, type TerminalMirror } from './mirror';
import { MirrorHub } from './mirrorHub';
import { readCells, renderCells } from './testing/cells';
import { MirrorWorker } from './workerMirror';

const hosts: MirrorWorker[] = [];
function host(): MirrorWorker {
  return hosts[hosts.push(new MirrorWorker()) - 1] as MirrorWorker;
}
afterEach(() => hosts.splice(0).forEach((h) => h.dispose()));

async function cellsOf(data: string, cols: number, rows: number): Promise<ReturnType<typeof readCells>> {
  const copy = new HeadlessMirror({ cols, rows, scrollback: 10_000 });
  try {
    copy.write(data);
    return readCells(await copy.parsed());
  } finally {
    copy.dispose();
  }
}

const parsed = (mirror: TerminalMirror): Promise<void> =>
  new Promise((resolve) => mirror.whenBelow(1, resolve));

/** 20 MB of coloured lines in one write, as one large PTY read would come. */
function flood(): string {
  const line = (i: number) => `\x1b[3${i % 8}mflood ${i}\x1b[0m ${'x'.repeat(80)}\r\n`;
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < 20_000_000; i++) size += lines[lines.push(line(i)) - 1]?.length ?? 0;
  return lines.join('') + 'the end';
}

describe('MirrorWorker', () => {
  it('parses in the worker: its snapshot rebuilds the same cells, resized and in order', async () => {
    const mirror = host().create({ cols: 40, rows: 8, scrollback: 500 });
    const bytes =
      '\x1b[1;31mred\x1b[0m é 漢字 🙂\r\n' + 'row\r\n'.repeat(30) + '\x1b[3;5H\x1b[7mhere\x1b[27m';
    mirror.write(bytes.slice(0, 20));
    mirror.write(bytes.slice(20));
    const snapshot = await mirror.snapshot();
    expect(snapshot).toMatchObject({ cols: 40, rows: 8 });
    expect(await cellsOf(snapshot.data, 40, 8)).toEqual(await renderCells(bytes, 40, 8));
    mirror.resize(30, 6);
    mirror.write('after resize');
    const resized = await mirror.snapshot();
    expect(resized).toMatchObject({ cols: 30, rows: 6 });
    expect(resized.data).toContain('after resize');
  });

  it('a long stream reuses the buffers the worker sends back instead of making new ones', async () => {
    const workers = host();
    const mirror = workers.create({ cols: 80, rows: 24 });
    const chunk = (i: number): string => `\x1b[32mline ${i}\x1b[0m ${'y'.repeat(60)}\r\n`.repeat(200);
    // 400 reads of ~16 KB, as a PTY delivers a flood, each let through once the last is parsed.
    for (let i = 0; i < 400; i++) {
      mirror.write(chunk(i));
      await parsed(mirror);
    }
    expect(workers.pool.allocated).toBeLessThanOrEqual(2);
    expect((await mirror.snapshot()).data).toContain('line 399');
  });

  it('a snapshot holds everything written before it and nothing after', async () => {
    const workers = host();
    expect(await workers.heapUsed()).toBe(0);
    const mirror = workers.create({ cols: 20, rows: 5 });
    mirror.write('before\r\n');
    const taken = mirror.snapshot();
    mirror.write('after\r\n');
    const { data } = await taken;
    expect(data).toContain('before');
    expect(data).not.toContain('after');
    // Its buffers are in the worker's heap, which benchmarks count.
    expect(await workers.heapUsed()).toBeGreaterThan(0);
  });

  it("leaves main's event loop free while a 20 MB flood is parsed", async () => {
    const mirror = host().create({ cols: 120, rows: 40, scrollback: 1_000 });
    mirror.write(flood());
    expect(mirror.backlog).toBeGreaterThan(0);
    // Turns of main's loop that ran while the mirror still had unparsed output.
    let ticksWhileParsing = 0;
    let done = false;
    const tick = (): void => {
      if (done) return;
      if (mirror.backlog > 0) ticksWhileParsing++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await parsed(mirror);
    done = true;
    expect(mirror.backlog).toBe(0);
    // Parsing in main would run the whole write in one turn, between at most a couple of ticks.
    expect(ticksWhileParsing).toBeGreaterThan(50);
    expect((await mirror.snapshot()).data).toContain('the end');
  });

  it('a flood of plain lines is held, mostly skipped, and snapshots as if all of it were parsed', async () => {
    const workers = host();
    const mirror = workers.create({ cols: 80, rows: 24, scrollback: 1_000 });
    const line = (i: number): string => `${i} ${'QUJD'.repeat(18)}\r\n`;
    const written: string[] = [];
    // 60,000 lines in reads of 16 KB, each let through once the mirror's backlog allows it.
    for (let i = 0; i < 60_000; i += 200) {
      const read = Array.from({ length: 200 }, (_, j) => line(i + j)).join('');
      written.push(read);
      mirror.write(read);
      await new Promise<void>((resolve) => mirror.whenBelow(500_000, resolve));
    }
    const { data } = await mirror.snapshot();
    expect(data).toContain('59999 QUJD');
    expect(data).not.toContain('\r\n58000 QUJD');
    const reference = new HeadlessMirror({ cols: 80, rows: 24, scrollback: 1_000 });
    try {
      written.forEach((read) => reference.write(read));
      expect(data).toBe((await reference.snapshot()).data);
    } finally {
      reference.dispose();
    }
    await parsed(mirror);
    expect(mirror.backlog).toBe(0);
  });

  it('a released mirror refuses snapshots, and dispose ends every mirror and the worker', async () => {
    const workers = host();
    const first = workers.create();
    const second = workers.create();
    first.write('x');
    first.dispose();
    await expect(first.snapshot()).rejects.toThrow(/released/);
    expect((await second.snapshot()).data).toBe('');
    const owed = second.snapshot();
    workers.dispose();
    await expect(owed).rejects.toThrow(/released/);
    expect(workers.size).toBe(0);
  });
});

describe('MirrorHub in a worker', () => {
  it('keeps the final screen of a stream and releases its mirror in the worker', async () => {
    const hub = new MirrorHub();
    try {
      const mirror = hub.acquire('task:w', 's1', 'c1');
      mirror.write('\x1b[32mgreen\x1b[0m final\r\n');
      await hub.release('task:w', 's1', 0);
      expect(hub.liveCount).toBe(0);
      await expect(mirror.snapshot()).rejects.toThrow(/released/);
      const [[, final] = []] = hub.finishedScreens();
      expect(final).toMatchObject({ streamId: 's1', toolCallId: 'c1', exitCode: 0, cols: 80, rows: 24 });
      expect(final?.data).toContain('final');
    } finally {
      hub.dispose();
    }
  });
});
