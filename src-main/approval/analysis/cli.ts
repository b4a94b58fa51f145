/** `caduceus approval check --jsonl`: one verdict line per input line, in order. */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { z } from 'zod';
import { analyseCommand, initShellParser } from './analyse';

const InputLineSchema = z.union([z.string(), z.looseObject({ cmd: z.string() })]);

export interface JsonlSummary {
  lines: number;
  errors: number;
}

async function emit(output: Writable, value: unknown): Promise<void> {
  if (!output.write(JSON.stringify(value) + '\n')) await once(output, 'drain');
}

/** Reads JSON Lines (a JSON string, or `{"cmd": "…"}`); writes `{cmd, verdict, keys, reasons}` or `{line, error}` per line. */
export async function runApprovalCheckJsonl(input: Readable, output: Writable): Promise<JsonlSummary> {
  // Without the parser the pattern checks still judge (never "safe"), so a failed load is not fatal.
  await initShellParser().catch(() => undefined);
  const summary: JsonlSummary = { lines: 0, errors: 0 };
  let lineNo = 0;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    lineNo++;
    if (line.trim() === '') continue;
    summary.lines++;
    let cmd: string;
    try {
      const parsed = InputLineSchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error('expected a JSON string or an object with a string "cmd"');
      cmd = typeof parsed.data === 'string' ? parsed.data : parsed.data.cmd;
    } catch (err) {
      summary.errors++;
      await emit(output, { line: lineNo, error: err instanceof Error ? err.message : String(err) });
      continue;
    }
    const v = analyseCommand(cmd);
    await emit(output, { cmd, verdict: v.verdict, keys: v.keys, reasons: v.reasons });
  }
  return summary;
}
