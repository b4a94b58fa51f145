/**
 * A generated sessions database for the long-session benchmarks and tests: many short sessions
 * and a few long ones written through the store, the way the agent writes them (an assistant
 * message with its calls, each call started and finished, then one tool message per call).
 * Deterministic: the same options give the same database.
 */
import type { ChatMessage, ToolCall } from '../../../../src-shared/sessions';
import { newSessionId } from '../sessionId';
import { SessionStore } from '../store';

export interface LongSessionsOptions {
  /** Short sessions besides the long ones. */
  sessions: number;
  /** How many long sessions. */
  long: number;
  /** Tool calls in each long session; half are terminal calls with large output. */
  toolCalls: number;
  /** Assistant messages with prose in each long session. */
  assistantMessages: number;
  /** Range of a terminal call's output in bytes. */
  outputBytes: [min: number, max: number];
  /** The folder the sessions say they work in. */
  workspace: string;
}

export const BENCH_FIXTURE: Omit<LongSessionsOptions, 'workspace'> = {
  sessions: 10_000,
  long: 2,
  toolCalls: 2_000,
  assistantMessages: 300,
  outputBytes: [5_000, 35_000],
};

export interface LongSessionsFixture {
  /** Ids of the long sessions, the first one opened last (newest). */
  longIds: string[];
  /** A word found once, in a terminal output early in the first long session. */
  earlyMark: string;
  /** The id of the call whose output holds `earlyMark`. */
  earlyMarkCall: string;
}

/** A small, fast PRNG (mulberry32), so the fixture is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'build cache deploy parser router widget schema token stream buffer render client server ' +
  'migration index query cursor layout theme session worker socket bundle config module test ' +
  'fixture release branch commit rebase lint format compile linker kernel driver scheduler queue'
).split(' ');

/** Ids in the store's shape, unique by counter (random suffixes collide among 10,000). */
function fixtureId(n: number): string {
  return `${newSessionId(new Date(Date.UTC(2026, 0, 1) + n * 60_000)).slice(0, 15)}-${n.toString(16).padStart(6, '0')}`;
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] as T;
}

function words(rand: () => number, n: number): string {
  return Array.from({ length: n }, () => pick(rand, WORDS)).join(' ');
}

/** Build-log style lines, some coloured, up to `bytes` long. */
function terminalOutput(rand: () => number, bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const kind = rand();
    const line =
      kind < 0.1
        ? `\x1b[32m✓\x1b[0m ${words(rand, 4)} (${Math.floor(rand() * 900)} ms)`
        : kind < 0.15
          ? `\x1b[31mFAIL\x1b[0m src/${pick(rand, WORDS)}/${pick(rand, WORDS)}.test.ts > ${words(rand, 5)}`
          : `[${String(i).padStart(5, '0')}] ${words(rand, 8 + Math.floor(rand() * 8))}`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n').slice(0, bytes);
}

function assistantProse(rand: () => number, n: number): string {
  const rows = Array.from(
    { length: 3 + (n % 4) },
    (_, i) => `| ${pick(rand, WORDS)} | ${i} | ${words(rand, 3)} |`,
  );
  return [
    `## Step ${n}: ${words(rand, 3)}`,
    '',
    `I looked at the **${pick(rand, WORDS)}** and the \`${pick(rand, WORDS)}\` ${words(rand, 12)}.`,
    '',
    `- ${words(rand, 6)}`,
    `- ${words(rand, 5)}`,
    '',
    '| name | count | note |',
    '|---|---|---|',
    ...rows,
    '',
    '```ts',
    `export function ${pick(rand, WORDS)}${n}(input: string): number {`,
    `  return input.length * ${n}; // ${words(rand, 4)}`,
    '}',
    '```',
  ].join('\n');
}

interface CallPlan {
  call: ToolCall;
  result: string;
  status: 'ok' | 'error';
  exitCode?: number;
  refused?: boolean;
}

function planCall(rand: () => number, id: string, terminal: boolean, bytes: number): CallPlan {
  if (terminal) {
    const failed = rand() < 0.08;
    const refused = !failed && rand() < 0.03;
    const command = refused
      ? `rm -rf ~/${pick(rand, WORDS)}`
      : `npm run ${pick(rand, WORDS)} -- --${pick(rand, WORDS)}`;
    const call = {
      id,
      type: 'function' as const,
      function: { name: 'terminal', arguments: JSON.stringify({ command }) },
    };
    if (refused)
      return {
        call,
        status: 'error',
        refused: true,
        result: JSON.stringify({ error: 'Command refused by the approval gate', status: 'blocked' }),
      };
    const exitCode = failed ? 1 : 0;
    return {
      call,
      status: failed ? 'error' : 'ok',
      exitCode,
      result: JSON.stringify({ output: terminalOutput(rand, bytes), exit_code: exitCode }),
    };
  }
  const path = `src/${pick(rand, WORDS)}/${pick(rand, WORDS)}.ts`;
  const call = {
    id,
    type: 'function' as const,
    function: { name: 'read_file', arguments: JSON.stringify({ path }) },
  };
  const content = Array.from(
    { length: 20 },
    (_, i) => `${i + 1}|const ${pick(rand, WORDS)} = '${words(rand, 4)}';`,
  ).join('\n');
  return { call, status: 'ok', result: JSON.stringify({ content, total_lines: 20 }) };
}

/** Writes one long session: prompts, prose and calls in groups, some of them parallel batches. */
function writeLongSession(
  store: SessionStore,
  rand: () => number,
  index: number,
  options: LongSessionsOptions,
  mark?: { word: string; callId?: string },
): string {
  const session = store.createSession({
    id: fixtureId(options.sessions + index),
    title: `Long session ${index + 1}: ${words(rand, 3)}`,
    source: 'bench',
    workspace: options.workspace,
  });
  const perMessage = Math.max(1, Math.ceil(options.toolCalls / options.assistantMessages));
  const [min, max] = options.outputBytes;
  let calls = 0;
  for (let m = 0; m < options.assistantMessages; m++) {
    if (m % 10 === 0) store.appendMessage(session.id, { role: 'user', content: `Please ${words(rand, 8)}.` });
    const planned: CallPlan[] = [];
    for (let c = 0; c < perMessage && calls < options.toolCalls; c++, calls++) {
      const id = `call_${index}_${calls}`;
      const plan = planCall(rand, id, calls % 2 === 0, Math.floor(min + rand() * (max - min)));
      // The mark goes into an early, successful terminal output, once.
      if (
        mark &&
        !mark.callId &&
        calls >= 6 &&
        plan.call.function.name === 'terminal' &&
        plan.exitCode === 0
      ) {
        plan.result = JSON.stringify({
          output: `${terminalOutput(rand, 2_000)}\nfound ${mark.word} here\n`,
          exit_code: 0,
        });
        mark.callId = id;
      }
      planned.push(plan);
    }
    const message: ChatMessage = {
      role: 'assistant',
      content: assistantProse(rand, m),
      ...(planned.length ? { tool_calls: planned.map((p) => p.call) } : {}),
    };
    store.appendMessage(session.id, message);
    const batch = planned.length > 1 && rand() < 0.5 ? `batch_${index}_${m}` : undefined;
    for (const plan of planned) {
      const handle = store.startToolCall(session.id, {
        ...plan.call,
        name: plan.call.function.name,
        args: plan.call.function.arguments,
        batch,
      });
      store.finishToolCall(handle, {
        result: plan.result,
        status: plan.status,
        durationMs: Math.floor(rand() * 4000),
        outcome: {
          ok: plan.status === 'ok',
          ...(plan.exitCode !== undefined ? { exitCode: plan.exitCode } : {}),
          ...(plan.refused
            ? { refusal: { kind: 'blocked' as const, rule: 'hardline', reasons: ['deletes a home folder'] } }
            : {}),
        },
      });
      store.appendMessage(session.id, { role: 'tool', tool_call_id: plan.call.id, content: plan.result });
    }
  }
  store.appendMessage(session.id, { role: 'assistant', content: `Done: ${words(rand, 10)}.` });
  return session.id;
}

/** Writes the fixture into `home`'s sessions database. */
export function writeLongSessions(home: string, options: LongSessionsOptions): LongSessionsFixture {
  const store = SessionStore.open(home);
  try {
    const rand = random(29);
    for (let i = 0; i < options.sessions; i++) {
      const s = store.createSession({
        id: fixtureId(i),
        title: `${words(rand, 3)} ${i}`,
        source: 'bench',
        workspace: options.workspace,
      });
      store.appendMessage(s.id, { role: 'user', content: `Could you ${words(rand, 10)}?` });
      store.appendMessage(s.id, { role: 'assistant', content: `Sure: ${words(rand, 30)}.` });
    }
    const mark = { word: 'zanzibarquokka' } as { word: string; callId?: string };
    const longIds: string[] = [];
    // The last one written is the newest, so the first long session ends up on top of the list.
    for (let i = options.long - 1; i >= 0; i--)
      longIds.unshift(writeLongSession(store, rand, i, options, i === 0 ? mark : undefined));
    return { longIds, earlyMark: mark.word, earlyMarkCall: mark.callId ?? '' };
  } finally {
    store.close();
  }
}
