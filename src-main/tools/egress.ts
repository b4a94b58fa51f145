/**
 * The egress of one tool call: the app's policy, and a question to the person (through the
 * approval gate, so the answer lands in the one grant store) for a local host not on the list.
 * The question is about the address and port judged: a grant or an "always" covers that one alone.
 */
import { localHostKey } from '../approval/analysis';
import type { ToolContext } from '../runtime/types';
import { EgressPolicy, type EgressAsk } from '../sandbox/egress';
import { decide } from '../sandbox/execPolicy';
import { shQuote } from '../../src-shared/shellQuote';
import type { Egress } from './http';
import type { ToolServices } from './toolModule';

/** Without a policy from the host, nothing local is reachable. */
const STRICT = new EgressPolicy();

export function egressPolicyOf(services: ToolServices): EgressPolicy {
  return services.egress ?? STRICT;
}

/** Asks the gate about `curl <url>` with the finding for its address and port; no gate, no local host. */
export function egressAsk(services: ToolServices, call: ToolContext): EgressAsk | undefined {
  const gate = services.commandGate;
  if (!gate) return undefined;
  return async (target) => {
    const decided = await decide(
      gate,
      { kind: 'network', words: `curl -sS -- ${shQuote(target.url)}` },
      call,
      {
        // Keyed by the address shown and connected to: a yes for a name is no yes for what it resolves to next.
        extraKeys: [localHostKey(target.address, target.port)],
        extraDetail: target.host === target.address ? target.kind : `${target.host} is ${target.address}`,
      },
    );
    return decided.allowed || decided.refusal.message || 'the approval gate refused it';
  };
}

/** What `request()` takes for a fetch the model asked for. */
export function egressFor(services: ToolServices, call: ToolContext): Egress {
  const ask = egressAsk(services, call);
  return { policy: egressPolicyOf(services), ...(ask ? { ask } : {}) };
}
