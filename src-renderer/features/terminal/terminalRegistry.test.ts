// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { TerminalRegistry } from './terminalRegistry';

const hooks = {
  input: () => undefined,
  resized: () => undefined,
  parsed: () => undefined,
  rendererLost: () => undefined,
};

/** Every line of the tab's buffer, scrollback included, once all writes are parsed. */
async function lines(registry: TerminalRegistry, key: string): Promise<string[]> {
  const term = registry.ensure(key).term;
  await new Promise<void>((resolve) => term.write('', resolve));
  const buffer = term.buffer.active;
  const out: string[] = [];
  for (let i = 0; i < buffer.length; i++) out.push(buffer.getLine(i)?.translateToString(true) ?? '');
  return out.filter((line) => line !== '');
}

describe('TerminalRegistry', () => {
  it('a snapshot replaces output written before it even when xterm has not parsed that yet', async () => {
    const registry = new TerminalRegistry(hooks);
    // In view (jsdom cannot open an xterm, so only its element goes into the page).
    document.body.appendChild(registry.ensure('tab').element);
    // Both are queued in xterm before it parses either: the first must not survive the second.
    registry.replace('tab', 's1', 'older screen\r\nstill older\r\n');
    registry.replace('tab', 's1', 'the screen now');
    expect(await lines(registry, 'tab')).toEqual(['the screen now']);
    registry.dispose('tab');
  });

  it("keeps a hidden tab's snapshot out of xterm until its turn, then shows it and the output after it", async () => {
    const registry = new TerminalRegistry(hooks);
    registry.replace('hidden', 's1', 'restored screen\r\n', { cols: 40, rows: 10 });
    registry.write('hidden', 's1', 'live after it');
    // Nothing reached xterm yet: the pacer's first tick is still to come.
    expect(await lines(registry, 'hidden')).toEqual([]);
    await vi.waitFor(async () =>
      expect(await lines(registry, 'hidden')).toEqual(['restored screen', 'live after it']),
    );
    expect(registry.ensure('hidden').term.cols).toBe(40);
    registry.dispose('hidden');
  });
});
