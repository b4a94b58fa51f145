/**
 * Counts characters xterm has parsed, per stream, and reports them in batches of `batchSize`
 * so main can resume a paused source (FlowControl in src-shared/constants.ts).
 */
export class AckCounter {
  private readonly parsed = new Map<string, number>();

  constructor(
    private readonly batchSize: number,
    private readonly acknowledge: (streamId: string, chars: number) => void,
  ) {}

  /** Call from xterm's write callback, i.e. after the chunk has been parsed. */
  add(streamId: string, chars: number): void {
    const total = (this.parsed.get(streamId) ?? 0) + Math.max(0, chars);
    if (total >= this.batchSize) {
      this.parsed.set(streamId, 0);
      this.acknowledge(streamId, total);
    } else {
      this.parsed.set(streamId, total);
    }
  }

  /** Forgets a stream that has ended: nothing more will be paused on its account. */
  forget(streamId: string): void {
    this.parsed.delete(streamId);
  }
}
