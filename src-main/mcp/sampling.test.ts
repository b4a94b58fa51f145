import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ElicitationRequestView } from '../../src-shared/ipc/schemas';
import type { AppCore } from '../appCore';
import { useScriptedModel } from '../agent/testing/scriptedAgent';
import { MemorySecretStore } from '../handlers/settings';
import { ctx } from '../runtime/testing/fixtures';
import { useCoreHome } from '../testing/coreHome';
import { RateLimiter } from './sampling';
import { clientFeaturesServer, serverEntryYaml } from './testing/servers';

const scripted = useScriptedModel();
const temp = useCoreHome('caduceus-sampling-');
beforeEach(() => {
  scripted.model.reset();
});

async function start(policy: 'ask' | 'allow' | 'deny'): Promise<AppCore> {
  await writeFile(
    join(temp.dir, 'config.yaml'),
    `model: { provider: custom, base_url: ${scripted.model.baseUrl}, name: scripted }\n` +
      `mcp_servers:\n${serverEntryYaml('form', clientFeaturesServer())}    sampling: ${policy}\n`,
  );
  return temp.start({ secrets: new MemorySecretStore({ model_api_key: 'test-key' }) });
}

describe('MCP sampling', () => {
  it('asks the person first, then answers with the configured model', async () => {
    const app = await start('ask');
    scripted.model.push({ text: 'Hi, tester!' });
    const shown = new Promise<ElicitationRequestView>((resolve) =>
      app.events.subscribe((name, payload) => {
        if (name === 'mcp.elicitation') resolve(payload as ElicitationRequestView);
      }),
    );
    const result = app.root.runtime.handleFunctionCall('mcp_form_sample', {}, ctx).then((o) => o.text);
    const ask = await shown;
    expect(ask.message).toContain('wants your model to answer (up to 20 tokens): Say hi to the tester');
    expect(scripted.model.requests).toHaveLength(0);
    await app.invoke('mcp.answerElicitation', { id: ask.id, action: 'accept' });
    expect(JSON.parse(await result)).toMatchObject({
      role: 'assistant',
      content: { type: 'text', text: 'Hi, tester!' },
      stopReason: 'endTurn',
    });
    expect(scripted.model.requests[0]?.body).toMatchObject({
      model: 'scripted',
      max_tokens: 20,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hi to the tester' },
      ],
    });
  });

  it('does not call the model when the person declines', async () => {
    const app = await start('ask');
    const shown = new Promise<ElicitationRequestView>((resolve) =>
      app.events.subscribe((name, payload) => {
        if (name === 'mcp.elicitation') resolve(payload as ElicitationRequestView);
      }),
    );
    const result = app.root.runtime.handleFunctionCall('mcp_form_sample', {}, ctx).then((o) => o.text);
    await app.invoke('mcp.answerElicitation', { id: (await shown).id, action: 'decline' });
    expect(await result).toContain('refused: ');
    expect(await result).toContain('declined');
    expect(scripted.model.requests).toHaveLength(0);
  });

  it('answers without asking under allow, and never under deny', async () => {
    const allowed = await start('allow');
    scripted.model.push({ text: 'ok' });
    expect((await allowed.root.runtime.handleFunctionCall('mcp_form_sample', {}, ctx)).text).toContain(
      '"text":"ok"',
    );
    await allowed.shutdown();
    scripted.model.reset();
    const denied = await start('deny');
    expect((await denied.root.runtime.handleFunctionCall('mcp_form_sample', {}, ctx)).text).toContain(
      'refused: ',
    );
    expect(scripted.model.requests).toHaveLength(0);
  });
});

describe('sampling rate limit', () => {
  it('allows a fixed number per minute and frees slots as the minute slides', () => {
    let now = 0;
    const limiter = new RateLimiter(2, () => now);
    expect([limiter.take(), limiter.take(), limiter.take()]).toEqual([true, true, false]);
    now = 60_000;
    expect(limiter.take()).toBe(true);
  });
});
