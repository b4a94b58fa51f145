import type { SecretPlace, SecretStore } from '../secrets';
import type { KeychainLauncher } from './launch';
import type { KeychainOp, KeychainResult } from './protocol';

export interface KeychainOptions {
  /** The keychain's service name: one per config home, so two homes never share keys. */
  service: string;
  launch: KeychainLauncher;
  /** How long one batch may take: long enough to answer an unlock prompt. */
  timeoutMs: number;
  /** The longest value one entry holds; longer ones are split over several entries. */
  maxEntryLength: number;
  /** The keychain's name, for Settings. */
  keychainName: string;
}

/** A split value's first entry: the number of parts that follow, in the parts service. */
const SPLIT = '\u0001caduceus-split:';

/**
 * Secrets in the OS keychain, one entry each under `service`. Read once at open (and at
 * `reload`), so reads are synchronous; every write goes to the keychain before it is kept.
 */
export class KeychainSecretStore implements SecretStore {
  readonly place: SecretPlace;
  private values = new Map<string, string>();
  /** How many part entries each split value has, to remove them when it shrinks. */
  private parts = new Map<string, number>();

  private constructor(private readonly options: KeychainOptions) {
    this.place = { kind: 'keychain', label: `${options.keychainName}, entries named “${options.service}”` };
  }

  /** Probes the keychain and reads every entry; rejects when it does not answer in time. */
  static async open(options: KeychainOptions): Promise<KeychainSecretStore> {
    const store = new KeychainSecretStore(options);
    await store.reload();
    return store;
  }

  private get partsService(): string {
    return `${this.options.service} (parts)`;
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  async reload(): Promise<void> {
    const { service } = this.options;
    const [, main, parts] = await this.run([
      { op: 'probe', service },
      { op: 'list', service },
      { op: 'list', service: this.partsService },
    ]);
    const partValues = new Map(entriesOf(parts).map((e) => [e.account, e.password]));
    const values = new Map<string, string>();
    const counts = new Map<string, number>();
    for (const { account, password } of entriesOf(main)) {
      if (!password.startsWith(SPLIT)) {
        values.set(account, password);
        continue;
      }
      const count = Number(password.slice(SPLIT.length));
      const pieces = Array.from({ length: count }, (_, i) => partValues.get(`${account}#${i + 1}`));
      counts.set(account, count);
      // A value whose parts are not all there was being written when its writer died.
      if (pieces.every((p) => p !== undefined)) values.set(account, pieces.join(''));
    }
    this.values = values;
    this.parts = counts;
  }

  async set(name: string, value: string): Promise<void> {
    const { service, maxEntryLength } = this.options;
    const pieces = value ? splitValue(value, maxEntryLength) : [];
    const ops: KeychainOp[] = [];
    // Parts first: a reader never finds a count whose parts are missing.
    if (pieces.length > 1)
      pieces.forEach((piece, i) =>
        ops.push({ op: 'set', service: this.partsService, account: `${name}#${i + 1}`, value: piece }),
      );
    if (pieces.length === 0) ops.push({ op: 'delete', service, account: name });
    else
      ops.push({
        op: 'set',
        service,
        account: name,
        value: pieces.length > 1 ? `${SPLIT}${pieces.length}` : value,
      });
    const kept = pieces.length > 1 ? pieces.length : 0;
    for (let i = kept + 1; i <= (this.parts.get(name) ?? 0); i++)
      ops.push({ op: 'delete', service: this.partsService, account: `${name}#${i}` });
    await this.run(ops);
    if (value) this.values.set(name, value);
    else this.values.delete(name);
    if (kept > 0) this.parts.set(name, kept);
    else this.parts.delete(name);
  }

  private async run(ops: KeychainOp[]): Promise<KeychainResult[]> {
    const results = await this.options.launch(ops, AbortSignal.timeout(this.options.timeoutMs));
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) throw new Error(`the keychain refused: ${failed.error}`);
    if (results.length !== ops.length) throw new Error('the keychain worker answered part of a batch');
    return results;
  }
}

function entriesOf(result: KeychainResult | undefined): { account: string; password: string }[] {
  return (result?.ok && result.entries) || [];
}

/** Pieces of at most `max` UTF-16 units, never cutting a surrogate pair in two. */
export function splitValue(value: string, max: number): string[] {
  if (value.length <= max) return [value];
  const pieces: string[] = [];
  let start = 0;
  while (start < value.length) {
    let end = Math.min(start + max, value.length);
    const last = value.charCodeAt(end - 1);
    if (end < value.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    pieces.push(value.slice(start, end));
    start = end;
  }
  return pieces;
}
