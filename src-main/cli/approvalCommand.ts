import { parseArgs } from 'node:util';
import { initShellParser, runApprovalCheckJsonl } from '../approval/analysis';
import { UsageError, type Io } from './args';

/** `caduceus approval check --jsonl`: one verdict line per input line, in order. */
export async function approvalCheck(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { jsonl: { type: 'boolean' } } });
  if (!values.jsonl) throw new UsageError('caduceus approval check --jsonl  (JSON Lines on stdin)');
  await initShellParser();
  const summary = await runApprovalCheckJsonl(io.stdin, io.stdout);
  return summary.errors > 0 ? 1 : 0;
}
