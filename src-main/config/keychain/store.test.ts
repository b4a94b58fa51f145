import { describe, expect, it } from 'vitest';
import type { KeychainLauncher } from './launch';
import type { KeychainOp } from './protocol';
import { KeychainSecretStore, splitValue } from './store';

/** A keychain in memory that answers, or stops answering after `answers` batches. */
function fakeKeychain(answers = Infinity) {
  const entries = new Map<string, string>();
  let batches = 0;
  const launch: KeychainLauncher = async (ops: KeychainOp[], signal) => {
    if (batches++ >= answers)
      return new Promise((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error('the keychain did not answer in time'))),
      );
    return ops.map((op) => {
      const key = (account: string) => `${op.service}\u0000${account}`;
      if (op.op === 'set') entries.set(key(op.account), op.value);
      if (op.op === 'delete') entries.delete(key(op.account));
      if (op.op !== 'list') return { ok: true };
      const prefix = `${op.service}\u0000`;
      return {
        ok: true,
        entries: [...entries]
          .filter(([k]) => k.startsWith(prefix))
          .map(([k, password]) => ({ account: k.slice(prefix.length), password })),
      };
    });
  };
  return { entries, launch };
}

const options = (launch: KeychainLauncher) => ({
  service: 'Caduceus (test)',
  launch,
  timeoutMs: 200,
  maxEntryLength: 4,
  keychainName: 'test keychain',
});

describe('KeychainSecretStore', () => {
  it('never cuts a character outside the basic plane in two', () => {
    expect(splitValue('abc😀def', 4)).toEqual(['abc', '😀de', 'f']);
    expect(splitValue('abc😀def', 4).join('')).toBe('abc😀def');
  });

  it('keeps no entry longer than the keychain allows, and removes parts a shorter value left', async () => {
    const keychain = fakeKeychain();
    const store = await KeychainSecretStore.open(options(keychain.launch));
    await store.set('token', 'abcdefghij');
    expect([...keychain.entries.values()].every((v) => v.length <= 4 || v.startsWith('\u0001'))).toBe(true);
    expect((await KeychainSecretStore.open(options(keychain.launch))).get('token')).toBe('abcdefghij');
    await store.set('token', 'ab');
    expect([...keychain.entries.keys()].filter((k) => k.includes('(parts)'))).toEqual([]);
    expect((await KeychainSecretStore.open(options(keychain.launch))).get('token')).toBe('ab');
  });

  it('reports a write the keychain stopped answering, keeping what it had', async () => {
    const keychain = fakeKeychain(2);
    const store = await KeychainSecretStore.open(options(keychain.launch));
    await store.set('model_api_key', 'old');
    await expect(store.set('model_api_key', 'new')).rejects.toThrow(/did not answer/);
    expect(store.get('model_api_key')).toBe('old');
  });
});
