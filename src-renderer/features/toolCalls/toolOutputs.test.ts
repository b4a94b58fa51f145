// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../api/client';
import { createFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { OUTPUT_PAGE, useToolOutputs } from './toolOutputs';

const OUTPUT = 'x'.repeat(OUTPUT_PAGE + 10);
let fake: FakeBridge;

beforeEach(() => {
  fake = createFakeBridge({
    'sessions.toolOutput': (input) => {
      const { offset, limit } = input as { offset: number; limit: number };
      return {
        text: OUTPUT.slice(offset, offset + limit),
        total: OUTPUT.length,
      };
    },
  });
  setBridge(fake.bridge);
  useToolOutputs.setState({ outputs: {} });
});

describe('tool outputs fetched by opened cards', () => {
  it('loads a page, then the rest on asking, and nothing once it has all', async () => {
    const { loadMore } = useToolOutputs.getState();
    await loadMore('s1', 'c1');
    expect(useToolOutputs.getState().outputs.c1).toMatchObject({ total: OUTPUT.length, loading: false });
    expect(useToolOutputs.getState().outputs.c1?.text).toHaveLength(OUTPUT_PAGE);
    await loadMore('s1', 'c1');
    expect(useToolOutputs.getState().outputs.c1?.text).toBe(OUTPUT);
    await loadMore('s1', 'c1');
    const asked = fake.calls.filter((c) => c.name === 'sessions.toolOutput').map((c) => c.input);
    expect(asked).toEqual([
      { sessionId: 's1', callId: 'c1', offset: 0, limit: OUTPUT_PAGE },
      { sessionId: 's1', callId: 'c1', offset: OUTPUT_PAGE, limit: OUTPUT_PAGE },
    ]);
  });

  it('fetches the whole output for Copy from what is loaded, in one request, and keeps it', async () => {
    const { loadMore, whole } = useToolOutputs.getState();
    await loadMore('s1', 'c1');
    expect(await whole('s1', 'c1')).toBe(OUTPUT);
    expect(await whole('s1', 'c1')).toBe(OUTPUT);
    const asked = fake.calls.filter((c) => c.name === 'sessions.toolOutput').map((c) => c.input);
    expect(asked).toEqual([
      { sessionId: 's1', callId: 'c1', offset: 0, limit: OUTPUT_PAGE },
      { sessionId: 's1', callId: 'c1', offset: OUTPUT_PAGE, limit: 1_000_000 },
    ]);
    expect(useToolOutputs.getState().outputs.c1).toMatchObject({ text: OUTPUT, loading: false });
  });

  it('says why the whole output could not be fetched, keeping what was loaded', async () => {
    fake = createFakeBridge({
      'sessions.toolOutput': (input) => {
        const { offset, limit } = input as { offset: number; limit: number };
        if (offset > 0) throw new Error('the server went away');
        return { text: OUTPUT.slice(offset, offset + limit), total: OUTPUT.length };
      },
    });
    setBridge(fake.bridge);
    const { loadMore, whole } = useToolOutputs.getState();
    await loadMore('s1', 'c1');
    await expect(whole('s1', 'c1')).rejects.toThrow(/did not load \(the server went away\)/);
    expect(useToolOutputs.getState().outputs.c1?.text).toHaveLength(OUTPUT_PAGE);
  });

  it('pages by characters as main counts them, so output with emoji is not cut or repeated', async () => {
    // SQLite's substr and length count code points; a JS string counts an emoji twice.
    const emoji = Array.from({ length: 30_000 }, (_, i) => `${i} 🙂\n`).join('');
    const points = Array.from(emoji);
    fake = createFakeBridge({
      'sessions.toolOutput': (input) => {
        const { offset, limit } = input as { offset: number; limit: number };
        return { text: points.slice(offset, offset + limit).join(''), total: points.length };
      },
    });
    setBridge(fake.bridge);
    const { loadMore, whole } = useToolOutputs.getState();
    await loadMore('s1', 'c1');
    await loadMore('s1', 'c1');
    expect(useToolOutputs.getState().outputs.c1?.text).toBe(points.slice(0, 2 * OUTPUT_PAGE).join(''));
    expect(await whole('s1', 'c1')).toBe(emoji);
  });

  it('keeps the whole output when a page asked for before it lands after it', async () => {
    let release: (() => void) | undefined;
    const long = 'y'.repeat(3 * OUTPUT_PAGE);
    fake = createFakeBridge({
      'sessions.toolOutput': (input) => {
        const { offset, limit } = input as { offset: number; limit: number };
        const page = { text: long.slice(offset, offset + limit), total: long.length };
        if (limit !== OUTPUT_PAGE || offset === 0) return page;
        // The fake awaits what the handler returns: this page waits for the test.
        return new Promise((done) => (release = () => done(page))) as unknown as typeof page;
      },
    });
    setBridge(fake.bridge);
    const { loadMore, whole } = useToolOutputs.getState();
    await loadMore('s1', 'c1');
    const page = loadMore('s1', 'c1');
    expect(await whole('s1', 'c1')).toBe(long);
    release?.();
    await page;
    expect(useToolOutputs.getState().outputs.c1).toMatchObject({ text: long, loading: false });
  });
});
