// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
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
    // Both are queued in xterm before it parses either: the first must not survive the second.
    registry.replace('tab', 's1', 'older screen\r\nstill older\r\n');
    registry.replace('tab', 's1', 'the screen now');
    expect(await lines(registry, 'tab')).toEqual(['the screen now']);
    registry.dispose('tab');
  });
});
