/**
 * Where this process's cgroups are, read from /proc/self/cgroup: its cgroup v2 folder and, under
 * cgroup v1, its folder in one controller's hierarchy. Shared by the pids cgroups of sandboxed
 * commands and the reading of a CPU quota.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CGROUP_ROOT = '/sys/fs/cgroup';

export interface CgroupPaths {
  /** Where the cgroup hierarchies are mounted. */
  root: string;
  /** The cgroup v2 folder, where a unified hierarchy is mounted. */
  unified?: string;
  /** The folder in the v1 hierarchy holding `controller`, where it has one. */
  v1(controller: string): string | undefined;
}

/** This process's cgroups; undefined where `/proc/self/cgroup` cannot be read. */
export function ownCgroupPaths(): CgroupPaths | undefined {
  const text = readText('/proc/self/cgroup');
  return text === undefined ? undefined : cgroupPaths(text);
}

/** The cgroups named by `text`, a `/proc/<pid>/cgroup`, under hierarchies mounted at `root`. */
export function cgroupPaths(text: string, root = CGROUP_ROOT): CgroupPaths {
  const lines = text.split('\n');
  const pathOf = (pattern: RegExp) =>
    lines.map((line) => pattern.exec(line)?.[1]).find((path) => path !== undefined);
  const unified = pathOf(/^0::(\/.*)$/);
  const mount = existsSync(join(root, 'cgroup.controllers')) ? root : join(root, 'unified');
  return {
    root,
    ...(unified === undefined ? {} : { unified: join(mount, unified) }),
    v1: (controller) => {
      const escaped = controller.replace(/[^a-z_]/g, '');
      const path = pathOf(new RegExp(`^\\d+:(?:[^:]*,)?${escaped}(?:,[^:]*)?:(\\/.*)$`));
      return path === undefined ? undefined : join(root, escaped, path);
    },
  };
}

/** A cgroup file's text; undefined where it cannot be read (no such controller, no access). */
export function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The words of a cgroup file (`cgroup.subtree_control`); none where it cannot be read. */
export function readWords(path: string): string[] {
  return readText(path)?.trim().split(/\s+/) ?? [];
}
