/** Test helpers for the terminal-backed tools: a real local TerminalService and a recording fake gate. */
import { randomBytes } from 'node:crypto';
import { TerminalService } from '../../terminal/service';
import type { TerminalConfigInput } from '../../config/terminalSchema';
import type { CommandCheck, CommandDecision, CommandGate } from '../toolModule';

export const MARK = 'CADUCEUS_TEST_MARK';

export interface FakeGate {
  gate: CommandGate;
  checks: CommandCheck[];
  /** Decides each command; by default everything is allowed. */
  decide: (command: string) => CommandDecision;
}

export function fakeGate(): FakeGate {
  const fake: FakeGate = {
    checks: [],
    decide: () => ({ allowed: true }),
    gate: async (check) => {
      fake.checks.push(check);
      return fake.decide(check.command);
    },
  };
  return fake;
}

/** Denies (or blocks) every command matching `pattern`. */
export function refusing(pattern: RegExp, blocked = false): (command: string) => CommandDecision {
  return (command) =>
    pattern.test(command)
      ? {
          allowed: false,
          blocked,
          message: blocked ? 'blocked by a hardline rule' : 'the user denied this command',
        }
      : { allowed: true };
}

/** A local TerminalService whose processes carry a marker, so tests can prove none is left. */
export function localTerminal(cwd: string, config: TerminalConfigInput = {}) {
  const mark = randomBytes(6).toString('hex');
  const terminal = new TerminalService({ config: { local: { cwd }, env: { [MARK]: mark }, ...config } });
  return { terminal, mark };
}
