import { z } from 'zod';

/** The model the next chat turn would use, or what is missing for one. */
export const ModelStatusSchema = z.object({
  ready: z.boolean(),
  provider: z.string().nullable(),
  baseUrl: z.string().nullable(),
  name: z.string().nullable(),
  problems: z.array(z.string()),
  /** The command line (`--model`, `--base-url`) fixes the model; Settings cannot change it. */
  fixed: z.boolean(),
});
export type ModelStatus = z.infer<typeof ModelStatusSchema>;

/** A model server to try: typed in the set-up card, not yet saved. The key falls back to the saved one. */
export const ModelProbeSchema = z
  .object({
    provider: z.string().optional(),
    base_url: z.string().trim().url(),
    name: z.string().trim().optional(),
    apiKey: z.string().optional(),
  })
  .strict();

export const ModelListSchema = z.object({ models: z.array(z.string()), error: z.string().optional() });
export const ModelTestSchema = z.object({ ok: z.boolean(), message: z.string() });

export const LocalServerSchema = z.object({
  provider: z.string(),
  label: z.string(),
  baseUrl: z.string(),
  models: z.array(z.string()),
});
export type LocalServerInfo = z.infer<typeof LocalServerSchema>;
