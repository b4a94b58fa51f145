import { availabilityOf, evaluateChecks } from './availability';
import type { ToolRegistry } from './registry';
import type { ToolsetIndex } from './toolsets';
import type { Logger, ToolDefinition, ToolEntry } from './types';

export interface DefinitionsRequest {
  enabled?: string[];
  disabled?: string[];
}

interface Memo {
  generation: number;
  selectionKey: string;
  selected: ToolEntry[];
  availabilityKey: string;
  definitions: ToolDefinition[];
}

/**
 * Builds the tool list offered to the model: select by toolsets, drop unavailable tools, patch
 * schemas that mention other tools. Selection is memoised per registry generation; the output
 * is reused while the same tools pass their checks.
 */
export class DefinitionsBuilder {
  private memo: Memo | undefined;

  constructor(
    private readonly registry: ToolRegistry,
    private readonly toolsets: ToolsetIndex,
    private readonly logger: Logger,
  ) {}

  async build(request: DefinitionsRequest = {}): Promise<ToolDefinition[]> {
    const selectionKey = `${(request.enabled ?? ['*']).join(',')}|${(request.disabled ?? []).join(',')}`;
    let memo = this.memo;
    if (!memo || memo.generation !== this.registry.generation || memo.selectionKey !== selectionKey) {
      memo = {
        generation: this.registry.generation,
        selectionKey,
        selected: this.select(request),
        availabilityKey: '',
        definitions: [],
      };
      this.memo = memo;
    }
    const checks = await evaluateChecks(memo.selected, this.logger);
    let availabilityKey = '';
    const offered: ToolEntry[] = [];
    for (const entry of memo.selected) {
      const ok = availabilityOf(entry, checks).available;
      availabilityKey += ok ? '1' : '0';
      if (ok) offered.push(entry);
    }
    if (memo.availabilityKey !== availabilityKey || memo.definitions.length !== offered.length) {
      memo.definitions = offered.map((e) => ({
        type: 'function',
        function: e.offeredWith ? e.offeredWith(e.schema, offered) : e.schema,
      }));
      memo.availabilityKey = availabilityKey;
    }
    // Callers may mutate what they get; the memo must stay intact.
    return memo.definitions.slice();
  }

  /** Registered tools chosen by enabled/disabled, before availability. */
  select({ enabled, disabled }: DefinitionsRequest): ToolEntry[] {
    let names: Set<string>;
    if (enabled && enabled.length > 0) {
      names = new Set();
      for (const set of enabled) for (const tool of this.toolsets.resolve(set)) names.add(tool);
    } else {
      names = new Set(this.registry.names());
    }
    // Disabled comes last and works on resolved tool names, so a composite removes its tools.
    for (const set of disabled ?? []) for (const tool of this.toolsets.resolve(set)) names.delete(tool);
    const out: ToolEntry[] = [];
    for (const name of names) {
      const entry = this.registry.get(name);
      if (entry) out.push(entry);
    }
    return out;
  }
}
