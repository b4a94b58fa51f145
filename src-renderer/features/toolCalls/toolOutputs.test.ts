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
});
