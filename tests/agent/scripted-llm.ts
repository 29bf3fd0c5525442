/**
 * Scripted answers for the loopback LLM servers of tests/intent/llm-loopback.ts: the n-th request
 * gets the n-th plan, computed from what the model was sent (so a plan can name an element by the
 * id the observation in the request gave it), or a failure scenario from then on.
 */
import { startLlmServer, type LlmProvider, type LlmServer, type Scenario } from '../intent/llm-loopback.js';

/** The request's messages as one text (to read observations and failure reasons out of it). */
export function requestText(body: Record<string, unknown>): string {
  return JSON.stringify(body.messages ?? []);
}

/** The id the observation in `text` gave the element named `name` (JSON-escaped text, as sent). */
export function idOf(text: string, name: string): number {
  const m = new RegExp(String.raw`(?:^|\\n)(\d+) [a-z_]+ \\"${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\"`).exec(text);
  if (!m) throw new Error(`no element named ${name} in the request`);
  return Number(m[1]);
}

export type ScriptStep = Record<string, unknown> | ((text: string) => Record<string, unknown>) | { readonly fail: Scenario };

/** Starts a server whose answers follow the script; after the script ends it answers `unsupported`. */
export async function startScriptedLlm(provider: LlmProvider, script: readonly ScriptStep[]): Promise<LlmServer> {
  const server = await startLlmServer(provider);
  Object.defineProperty(server, 'plan', {
    configurable: true,
    // Read (once or twice) while answering the latest request, which is already recorded.
    get() {
      const n = server.requests.length;
      const step = script[n - 1];
      const text = requestText(server.requests[n - 1]?.body ?? {});
      if (step === undefined) return { intent: 'unsupported', suggestion: 'The script has no more answers.' };
      if ('fail' in step) {
        if (server.scenario !== step.fail) server.setScenario(step.fail as Scenario);
        return { intent: 'unsupported', suggestion: 'unused' };
      }
      return typeof step === 'function' ? step(text) : step;
    },
  });
  return server;
}
