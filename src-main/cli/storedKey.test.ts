import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { main } from './main';
import { memoryIo } from './testing';

let home: string;
let model: ScriptedModel;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-stored-key-'));
  model = await ScriptedModel.start();
});
afterAll(async () => {
  await model.close();
  await rm(home, { recursive: true, force: true });
});

async function chat(extra: string[] = []) {
  model.push({ text: 'ok' });
  const m = memoryIo({ CADUCEUS_HOME: home }, home);
  const code = await main(['chat', '-q', 'hi', '--base-url', model.baseUrl, '--model', 'm', ...extra], m.io);
  return { code, headers: model.requests.at(-1)?.headers };
}

describe('the key saved in Settings, in the CLI', () => {
  it('is what `caduceus chat` sends, unless --api-key gives another', async () => {
    // No keychain answers in tests: the store is the 0600 file, as Settings would have left it.
    await writeFile(join(home, 'secrets.json'), JSON.stringify({ model_api_key: 'sk-saved-in-settings' }), {
      mode: 0o600,
    });
    const saved = await chat();
    expect(saved.code).toBe(0);
    expect(saved.headers?.authorization).toBe('Bearer sk-saved-in-settings');
    const flagged = await chat(['--api-key', 'sk-from-the-flag']);
    expect(flagged.headers?.authorization).toBe('Bearer sk-from-the-flag');
  });
});
