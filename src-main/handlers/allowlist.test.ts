import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initShellParser } from '../approval/analysis';
import { parse } from 'yaml';
import { ConfigStore } from '../config/store';
import { ContractError } from '../contract/router';
import { useCoreHome } from '../testing/coreHome';
import { addAllowlistEntry, removeAllowlistEntry } from './allowlist';

const temp = useCoreHome('caduceus-allowlist-handler-');
beforeAll(() => initShellParser());
let file: string;
beforeEach(() => {
  file = join(temp.dir, 'config.yaml');
});

describe('allowlist.add / allowlist.remove on config.yaml', () => {
  it('keeps the comment on an empty flow list when the first key is added', async () => {
    await writeFile(file, 'command_allowlist: [] # note\napprovals:\n  mode: manual # why\n');
    const store = new ConfigStore(file);
    await addAllowlistEntry(store, 'rm-recursive');
    const text = await readFile(file, 'utf8');
    expect(text).toContain('# note');
    expect(text).toContain('# why');
    expect(parse(text).command_allowlist).toEqual(['rm-recursive']);
  });

  it('keeps comments on other entries when one is removed', async () => {
    await writeFile(file, 'command_allowlist: # keys\n  - rm-recursive # old\n  - git-clean # keep me\n');
    const store = new ConfigStore(file);
    await removeAllowlistEntry(store, 'rm-recursive');
    const text = await readFile(file, 'utf8');
    expect(text).toContain('# keys');
    expect(text).toContain('git-clean # keep me');
    expect(parse(text).command_allowlist).toEqual(['git-clean']);
  });

  it('stores a command-prefix rule with the allow rules, listed and removable like a key', async () => {
    await writeFile(file, 'approvals:\n  allow: [npm test] # mine\n');
    const store = new ConfigStore(file);
    const after = await addAllowlistEntry(store, '  git   push  origin ');
    expect(after.map((e) => e.key)).toEqual(['npm test', 'git push origin']);
    let text = await readFile(file, 'utf8');
    expect(text).toContain('# mine');
    expect(parse(text).approvals.allow).toEqual(['npm test', 'git push origin']);
    expect(parse(text).command_allowlist).toBeUndefined();
    await removeAllowlistEntry(store, 'git push origin');
    text = await readFile(file, 'utf8');
    expect(parse(text).approvals.allow).toEqual(['npm test']);
  });

  it.each([
    ['rm-recursiv', /not a known rule key/],
    ['Recursive delete', /description of the rule rm-recursive/],
    ['unparsed-command', /analysis finding/],
    ['rm-root', /can never be allowed/],
    ['ls; rm -rf x', /command prefix/],
    ['git push $(whoami)', /command prefix/],
    ['rm -rf *', /command prefix/],
    // Prefixes that would let a hardline command, or every command of a dangerous rule, through.
    ['rm -rf /', /"rm -rf \/" would allow "rm -rf \/", which can never be allowed \(rm-root/],
    ['rm', /would allow "rm -rf \/", which can never be allowed/],
    ['rm -rf', /would allow "rm -rf \/"/],
    ['dd', /would allow "dd of=\/dev\/sda", which can never be allowed \(block-device-write/],
    ['sudo', /would allow "sudo rm -rf \/"/],
    ['bash -c', /would allow "bash -c rm -rf \/"/],
    ['env', /would allow "env rm -rf \/"/],
    ['git push', /every command like "git push --force" without asking \(git-push-force/],
    ['git push --force', /every command like "git push --force" without asking/],
    ['git', /every command like "git push --force"/],
  ])('refuses %j, saying why, and leaves the file alone', async (entry, why) => {
    const before = 'command_allowlist: [] # note\n';
    await writeFile(file, before);
    const error = await addAllowlistEntry(new ConfigStore(file), entry).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).code).toBe('invalid_allowlist_entry');
    expect((error as ContractError).message).toMatch(why);
    expect(await readFile(file, 'utf8')).toBe(before);
  });
});

describe('allowlist.add over the contract', () => {
  it('answers an invalid entry with a {code, message} error and adds a valid key', async () => {
    const core = await temp.start();
    const bad = await core.invoke('allowlist.add', { key: 'delete-everything' });
    expect(bad).toEqual({
      ok: false,
      error: {
        code: 'invalid_allowlist_entry',
        message: expect.stringMatching(/"delete-everything" is not a known rule key/),
      },
    });
    const good = await core.invoke('allowlist.add', { key: 'git-clean' });
    expect(good).toEqual({
      ok: true,
      value: [{ key: 'git-clean', description: expect.stringMatching(/\S/) }],
    });
    expect(parse(await readFile(file, 'utf8')).command_allowlist).toEqual(['git-clean']);

    // A prefix entry takes effect at once: the gate lets the command through without asking.
    await core.invoke('allowlist.add', { key: 'git push --force origin' });
    const decision = await core.root.gate.check({
      command: 'git push --force origin main',
      sessionId: 's',
      taskId: 't',
      toolCallId: 'c',
      backendKind: 'local',
    });
    expect(decision).toMatchObject({
      allowed: true,
      decidedBy: 'allow-rule',
      rule: 'git push --force origin',
    });
  });
});
