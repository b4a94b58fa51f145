import { setTimeout as wait } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCommand, initShellParser } from './analyse';
import { newParseBudget, parseShell, PARSE_LIMITS } from './parse';

beforeAll(() => initShellParser());

// A command the e2e suite runs: compound, so it goes through the shell parser.
const COMMAND =
  'echo tick-1; until [ -e release.flag ]; do sleep 0.1; done; for i in 2 3 4 5; do echo tick-$i; sleep 0.2; done';

describe('the parse time budget', () => {
  it('counts only the time the process computes, not time spent waiting for a core', async () => {
    const budget = newParseBudget();
    // A loaded machine can leave the process without a core for longer than the whole budget.
    await wait(PARSE_LIMITS.ms * 3);
    expect(parseShell(COMMAND, budget)).not.toBeNull();
  });

  it('starts its clock when the parser first reports progress, and gives no tree past it', () => {
    const long = 'echo hi && '.repeat(100) + 'ls';
    const budget = newParseBudget();
    expect(budget.deadline).toBeNull();
    expect(parseShell(long, budget)).not.toBeNull();
    expect(budget.deadline).not.toBeNull();
    expect(parseShell(long, { ...newParseBudget(), deadline: 0 })).toBeNull();
    // A cancelled parse leaves nothing behind for the next one.
    expect(parseShell(COMMAND, newParseBudget())).not.toBeNull();
  });

  it('stops a parse early when its pace shows it cannot finish within the budget', () => {
    // Needs about twelve times the tick budget; without a deadline only the pace can stop it early.
    const pipes = 'cat | '.repeat((PARSE_LIMITS.chars - 16) / 6) + 'ls';
    const budget = { ...newParseBudget(), deadline: Infinity };
    expect(parseShell(pipes, budget)).toBeNull();
    expect(PARSE_LIMITS.ticks - budget.ticks).toBeLessThan(PARSE_LIMITS.ticks / 10);
    expect(parseShell(COMMAND, newParseBudget())).not.toBeNull();
  });

  it('lets a long parse that keeps a pace within the budget finish', () => {
    const heredoc = `cat <<EOF\n${'line $(date) text\n'.repeat(1500)}EOF\n`;
    const budget = { ...newParseBudget(), deadline: Infinity };
    expect(parseShell(heredoc, budget)).not.toBeNull();
    // It ran long enough for its pace to be judged, and most of the budget.
    expect(PARSE_LIMITS.ticks - budget.ticks).toBeGreaterThan(PARSE_LIMITS.ticks / 2);
  });

  it('asks about a command whose parse stops early, and refuses a hardline command in it', () => {
    const pipes = 'cat | '.repeat(20_000);
    expect(analyseCommand(`${pipes}ls`)).toMatchObject({ verdict: 'dangerous', parsed: false });
    expect(analyseCommand(`${pipes}ls; rm -rf /`)).toMatchObject({ verdict: 'hardline', parsed: false });
    expect(analyseCommand(`rm -rf / --no-preserve-root; ${pipes}ls`)).toMatchObject({ verdict: 'hardline' });
  });

  it('judges a plain compound command as safe', () => {
    expect(analyseCommand(COMMAND)).toMatchObject({ verdict: 'safe' });
  });
});
