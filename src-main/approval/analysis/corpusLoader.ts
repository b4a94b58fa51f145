/** The labelled command corpus (corpus/*.jsonl) used by the metrics test and the benchmark. */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { VerdictLevelSchema } from './verdict';

export const CorpusEntrySchema = z.object({
  cmd: z.string(),
  /** What a careful engineer would want: never run, be asked, or just run. */
  label: VerdictLevelSchema,
  /** plain; dressed (disguised to slip past pattern gates); mention (names a danger as data). */
  tag: z.enum(['plain', 'dressed', 'mention']),
});
export type CorpusEntry = z.infer<typeof CorpusEntrySchema>;

const FILES = ['dangerous.jsonl', 'safe.jsonl'];

export function loadCorpus(): CorpusEntry[] {
  return FILES.flatMap((file) =>
    readFileSync(new URL(`./corpus/${file}`, import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => CorpusEntrySchema.parse(JSON.parse(line))),
  );
}
