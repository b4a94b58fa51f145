import { describe, expect, it } from 'vitest';
import { clientFeaturesServer, serverEntryYaml } from '../src-main/mcp/testing/servers';
import { useApp } from './support/fixture';

// A server's sampling/createMessage in the browser-mode app: the person approves or declines in
// the chat; approved, the scripted model answers and the server gets that answer.
const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 100 };
const app = useApp('file', () => ({
  config: `mcp_servers:\n${serverEntryYaml('form', clientFeaturesServer())}`,
}));

/** The text the model was sent as the result of this tool call. */
function toolResult(callId: string): string | undefined {
  for (const request of app.model.requests)
    for (const m of request.body.messages)
      if (m.role === 'tool' && (m as { tool_call_id?: string }).tool_call_id === callId)
        return String(m.content);
  return undefined;
}

describe('MCP sampling in Chromium', () => {
  it("asks in the chat, then the model's answer goes back to the server", async () => {
    await app.newChat();
    app.model.push(
      { toolCalls: [{ id: 'call_sample', name: 'mcp_form_sample', arguments: {} }] },
      { text: 'Hi, tester!' },
      { text: 'The server said hi.' },
    );
    await app.send('Let the server talk to the model');
    const ask = app.page.getByTestId('elicitation');
    await ask.waitFor(WAIT);
    expect(await ask.innerText()).toContain('wants your model to answer');
    expect(await ask.innerText()).toContain('Say hi to the tester');
    // Nothing reached the model for the server before the person said yes.
    expect(app.model.requests.length).toBe(1);
    await app.screenshotAll('mcp2-sampling-ask');
    await ask.getByTestId('elicitation-accept').click();

    await expect.poll(() => app.card('call_sample').getAttribute('data-status'), POLL).toBe('ok');
    await expect.poll(() => toolResult('call_sample'), POLL).toBeDefined();
    // The server's own request reached the model with its system prompt.
    const sampled = app.model.requests.find((r) =>
      r.body.messages.some((m) => String(m.content).includes('Say hi to the tester')),
    );
    expect(sampled?.body.messages.some((m) => m.role === 'system' && String(m.content) === 'Be brief.')).toBe(
      true,
    );
    const result = JSON.parse(toolResult('call_sample') ?? '{}') as {
      role?: string;
      content?: { text?: string };
    };
    expect(result.role).toBe('assistant');
    expect(result.content?.text).toBe('Hi, tester!');
    await ask.waitFor({ state: 'detached', timeout: 10_000 });
  }, 60_000);

  it('declined, the model is not asked and the server is told no', async () => {
    await app.newChat();
    app.model.push(
      { toolCalls: [{ id: 'call_refused', name: 'mcp_form_sample', arguments: {} }] },
      { text: 'The server was refused.' },
    );
    await app.send('Let the server talk to the model again');
    const ask = app.page.getByTestId('elicitation');
    await ask.waitFor(WAIT);
    await ask.getByTestId('elicitation-decline').click();
    await expect.poll(() => toolResult('call_refused'), POLL).toMatch(/^refused: .*declined/);
    // Two requests: the turn and the answer after the tool; none for the server.
    await expect.poll(() => app.model.requests.length, POLL).toBe(2);
    expect(
      app.model.requests.some((r) =>
        r.body.messages.some((m) => m.role === 'user' && String(m.content) === 'Say hi to the tester'),
      ),
    ).toBe(false);
  }, 60_000);
});
