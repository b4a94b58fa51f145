/**
 * Root reached through sudo, su, doas & co. Code a local command runs on the elevated command's
 * behalf (`sudo watch CMD`, `sudo flock -c CMD`, `sudo git -c core.pager=CMD`) runs as root too;
 * code sent to another machine or container (`sudo ssh host CMD`, `sudo docker exec c CMD`) runs
 * there, as whoever it runs as there.
 */

export const ELEVATORS: ReadonlySet<string> = new Set(['sudo', 'su', 'doas', 'pkexec', 'run0', 'runuser']);

/** Commands whose carried code runs somewhere else. */
const REMOTE_CARRIERS = new Set(['ssh', 'docker', 'podman', 'nerdctl', 'kubectl', 'oc']);

export const NOT_ELEVATED: readonly string[] = Object.freeze([]);

/** The elevator in a wrapper chain (`sudo` in `sudo -u bob timeout 5 x`), if any. */
export function elevatorIn(via: readonly string[]): string | undefined {
  for (const v of via) if (ELEVATORS.has(v)) return v;
  return undefined;
}

/**
 * The elevation code nested under `via` runs with: the innermost elevator, unless a remote
 * carrier (`carrier`, or a wrapper after the elevator) hands the code to another place.
 */
export function elevationOf(via: readonly string[], carrier: string | null): readonly string[] {
  if (carrier !== null && REMOTE_CARRIERS.has(carrier)) return NOT_ELEVATED;
  for (let i = via.length - 1; i >= 0; i--) {
    const v = via[i] ?? '';
    if (REMOTE_CARRIERS.has(v)) return NOT_ELEVATED;
    if (ELEVATORS.has(v)) return [v];
  }
  return NOT_ELEVATED;
}
