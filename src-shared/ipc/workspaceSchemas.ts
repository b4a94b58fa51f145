import { z } from 'zod';

/** A folder path as typed or picked; main resolves and checks it. */
export const WorkspacePathSchema = z.string().max(4096);

export const WorkspaceCheckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), path: z.string() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type WorkspaceCheck = z.infer<typeof WorkspaceCheckSchema>;
