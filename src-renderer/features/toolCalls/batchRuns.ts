/** A run of a message's tool calls: several that ran in parallel, or one that ran alone. */
export interface CallRun {
  ids: string[];
  parallel: boolean;
}

/**
 * Splits a message's calls into runs as they ran: neighbours sharing a parallel batch id form
 * one run, every call without one stands alone (it ran one by one with the others).
 */
export function batchRuns(ids: readonly string[], batchOf: (id: string) => string | undefined): CallRun[] {
  const runs: CallRun[] = [];
  let current: { batch: string; run: CallRun } | undefined;
  for (const id of ids) {
    const batch = batchOf(id);
    if (batch && current?.batch === batch) {
      current.run.ids.push(id);
      current.run.parallel = true;
      continue;
    }
    const run: CallRun = { ids: [id], parallel: false };
    runs.push(run);
    current = batch ? { batch, run } : undefined;
  }
  return runs;
}
