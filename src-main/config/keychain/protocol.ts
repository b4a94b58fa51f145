/** What the keychain worker (worker.ts) is asked, and answers, in one batch. */
export type KeychainOp =
  /** Reads an entry that need not exist: fails only when the keychain itself does not answer. */
  | { op: 'probe'; service: string }
  | { op: 'list'; service: string }
  | { op: 'set'; service: string; account: string; value: string }
  | { op: 'delete'; service: string; account: string };

export type KeychainResult =
  { ok: true; entries?: { account: string; password: string }[] } | { ok: false; error: string };
