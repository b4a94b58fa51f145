/** What a wrapper command hands on, apart from unwrap.ts so the runners' table can name it too. */
import type { ArgWord } from './words';

/** Code or a command line that a command runs on our behalf. */
export type Nested =
  | {
      kind: 'code';
      text: string;
      words: ArgWord[];
      /** `sh -c CODE a b`: the values of `$0`, `$1`, … inside CODE, when the shell names them. */
      positional?: string[];
    }
  | { kind: 'argv'; argv: ArgWord[]; via: string };

export interface Unwrapped {
  /** The innermost command line; empty when the wrapper runs nothing (`sudo -i`, `env`). */
  argv: ArgWord[];
  via: string[];
  nested: Nested[];
  hits: Array<{ key: string; detail: string }>;
  /** Variables a wrapper sets for the command (`env NAME=value cmd`), judged like prefix assignments. */
  assigned: Array<{ name: string; word: ArgWord }>;
}

export interface Out {
  nested: Nested[];
  hits: Unwrapped['hits'];
  assigned: Unwrapped['assigned'];
}

/** Returns the wrapped command line, or null when nothing further runs. */
export type Wrapper = (words: ArgWord[], out: Out, stdin: string | null) => ArgWord[] | null;
