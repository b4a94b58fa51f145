import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeAtomic } from '../config/atomicFile';

export const WindowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).default(1280),
  height: z.number().int().min(300).default(820),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

/** The last window bounds, or defaults when none were saved or the file is damaged. */
export function loadWindowState(path: string): WindowState {
  try {
    return WindowStateSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return WindowStateSchema.parse({});
  }
}

export function saveWindowState(path: string, state: WindowState): Promise<void> {
  return writeAtomic(path, JSON.stringify(state));
}
