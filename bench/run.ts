// `npm run bench [suite...] [--cpu-throttle=N]`: prints one JSON object of speed figures. Tests
// never assert timings; this does.
import { benchAgent } from '../src-main/agent/bench';
import { benchApproval } from '../src-main/approval/analysis/bench';
import { benchPrompts } from '../src-main/approval/gate/promptBench';
import { benchSandbox } from '../src-main/terminal/sandboxBench';
import { benchTerminal } from '../src-main/terminal/bench';
import { benchAgentStream } from './agentStream';
import { benchBackgroundStream } from './backgroundStream';
import { benchCheckpoints } from './checkpoints';
import { benchCli } from './cli';
import { benchFindInSession } from './findInSession';
import { benchLongTranscript } from './longTranscript';
import { benchRenderer } from './renderer';
import { benchRuntime } from './runtime';
import { benchSessionList } from './sessionList';

const suites: Record<string, () => Promise<Record<string, number>>> = {
  cli: benchCli,
  runtime: benchRuntime,
  // Speed of the analysis, and how often manual and auto mode ask on one scripted session.
  approval: async () => ({ ...(await benchApproval()), ...(await benchPrompts()) }),
  agent: benchAgent,
  terminal: () => benchTerminal(),
  sandbox: benchSandbox,
  renderer: benchRenderer,
  agentStream: () => benchAgentStream({ cpuThrottle }),
  backgroundStream: benchBackgroundStream,
  checkpoints: benchCheckpoints,
  sessionList: benchSessionList,
  findInSession: benchFindInSession,
  longTranscript: () => benchLongTranscript(cpuThrottle),
};

// A bench stopped by a signal still runs its exit handlers: the servers it started stop, and its
// temporary homes go.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)
  process.once(signal, () => process.exit(code));

const args = process.argv.slice(2);
// `--cpu-throttle=3`: the browser benchmarks' pages run that many times slower (a slower machine).
const cpuThrottle = Number(args.find((a) => a.startsWith('--cpu-throttle='))?.split('=')[1] ?? 1);
const only = args.filter((a) => !a.startsWith('--'));
const out: Record<string, Record<string, number> | { error: string }> = {};
for (const [name, run] of Object.entries(suites)) {
  if (only.length > 0 && !only.includes(name)) continue;
  try {
    out[name] = await run();
  } catch (err) {
    out[name] = { error: err instanceof Error ? err.message : String(err) };
  }
}
console.log(JSON.stringify(out, null, 2));
