/** Verdict expectations shared by the tests of commands that run other commands. */
import { beforeAll, expect } from 'vitest';
import { analyseCommand, initShellParser } from '../analyse';
import { ruleFor } from '../rules/registry';

beforeAll(() => initShellParser());

const options = { cwd: '/home/dev/project' };
export const judge = (cmd: string) => analyseCommand(cmd, options);

/** `cmd` runs `inner`: same verdict level, and every rule `inner` triggers. */
export function expectAsInner(cmd: string, inner: string): void {
  const outer = judge(cmd);
  const alone = judge(inner);
  expect(alone.verdict, inner).not.toBe('safe');
  expect(outer.verdict, `${cmd} → ${outer.keys.join(', ')}`).toBe(alone.verdict);
  for (const k of alone.keys) expect(outer.keys, cmd).toContain(k);
  for (const k of outer.keys) expect(ruleFor(k), k).toBeDefined();
}

export function expectAsks(cmd: string): void {
  const v = judge(cmd);
  expect(v.verdict, cmd).not.toBe('safe');
  expect(v.reasons.length, cmd).toBeGreaterThan(0);
}

export function expectQuiet(cmd: string): void {
  const v = judge(cmd);
  expect(v.verdict, `${cmd} → ${v.keys.join(', ')}`).toBe('safe');
}

export const SRC = 'rm -rf src';
export const HOME = 'rm -rf ~';
export const PUSH = 'git push --force origin main';
