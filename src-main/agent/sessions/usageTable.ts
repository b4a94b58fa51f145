/**
 * Tokens each model call used, and what it cost where prices were known: one row per call,
 * grouped by turn for the turn's figure and summed for the session's.
 */
import { addUsage, NO_USAGE, type TokenUsage } from '../../../src-shared/usage';
import type { Database } from './sqlite';

/** Version 10 of the sessions database. */
export const USAGE_SCHEMA = `
CREATE TABLE IF NOT EXISTS model_usage (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  turn_id TEXT NOT NULL,
  input_tokens INTEGER NOT NULL,
  output_tokens INTEGER NOT NULL,
  cost_usd REAL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS model_usage_session ON model_usage(session_id, id);
`;

interface UsageRow {
  turn_id: string;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number | null;
}

const toUsage = (r: UsageRow): TokenUsage => ({
  input: r.input_tokens,
  output: r.output_tokens,
  costUsd: r.cost_usd,
});

export interface TurnUsage {
  turnId: string;
  usage: TokenUsage;
}

export class UsageTable {
  constructor(private readonly db: Database) {}

  record(sessionId: string, turnId: string, usage: TokenUsage): void {
    this.db
      .prepare(
        'INSERT INTO model_usage (session_id, turn_id, input_tokens, output_tokens, cost_usd, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(sessionId, turnId, usage.input, usage.output, usage.costUsd, Date.now());
  }

  /** Each turn's usage, oldest first. */
  turns(sessionId: string): TurnUsage[] {
    const rows = this.db
      .prepare(
        'SELECT turn_id, input_tokens, output_tokens, cost_usd FROM model_usage WHERE session_id = ? ORDER BY id',
      )
      .all(sessionId) as unknown as UsageRow[];
    const turns = new Map<string, TokenUsage>();
    for (const row of rows)
      turns.set(row.turn_id, addUsage(turns.get(row.turn_id) ?? NO_USAGE, toUsage(row)));
    return [...turns].map(([turnId, usage]) => ({ turnId, usage }));
  }

  /** The session's total; a cost only when every call's was known. */
  session(sessionId: string): TokenUsage {
    return this.turns(sessionId).reduce((sum, t) => addUsage(sum, t.usage), NO_USAGE);
  }
}
