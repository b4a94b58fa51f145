import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeAtomicSync } from '../config/atomicFile';
import { z } from 'zod';

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

/**
 * Written synchronously: the close handler runs as the app quits, and an async write could be
 * cut off by the exit.
 */
export function saveWindowState(path: string, state: WindowState): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeAtomicSync(path, JSON.stringify(state));
  } catch {
    // Losing the window's position is not worth failing a quit over.
  }
}
