// Secure text never leaves (issue #13): a command or plan that aims at a secure field is refused, and
// its text is absent from the next model request (read from the loopback server's request log), from
// the audit log, from the recent commands and from the conversation. The planner is the real OpenAI
// SDK against a loopback server; the engine is the fake seam that reports a secure field's live facts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AssistantLoop, type ConfirmationRequest } from '../../src/agent/assistant-loop.js';
import { AuditLog } from '../../src/agent/audit-log.js';
import { SessionMemory } from '../../src/agent/session-memory.js';
import { createOpenAIPlanner } from '../../src/intent/providers/openai.js';
import { isSecureTypingCommand, SECURE_REFUSAL } from '../../src/shared/secure-fields.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { startScriptedLlm } from './scripted-llm.js';
import { fakeEngine, type EngineScript } from './loop-fakes.js';
import type { LlmServer } from '../intent/llm-loopback.js';

const SECRET = 'hunter2-correct-horse';
const servers: LlmServer[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function setup(script: Parameters<typeof startScriptedLlm>[1], engineScript?: EngineScript) {
  const server = await startScriptedLlm('openai', script);
  servers.push(server);
  const dir = mkdtempSync(join(tmpdir(), 'ac-secure-'));
  dirs.push(dir);
  const audit = new AuditLog({ dir });
  const memory = new SessionMemory();
  const events: AssistantEvent[] = [];
  const asked: ConfirmationRequest[] = [];
  const engine = fakeEngine(engineScript);
  const planner = createOpenAIPlanner({ baseURL: server.baseURL, apiKey: 'sk-secure-test-0123456789', model: 'm' });
  const loop = new AssistantLoop({
    engine,
    memory,
    audit,
    emit: (e) => events.push(e),
    confirm: async (r) => {
      asked.push(r);
      return 'confirmed';
    },
    planner: async () => ({ kind: 'ready', planner }),
  });
  return { server, audit, memory, events, asked, engine, loop };
}

describe('secure text never leaves', () => {
  it('a plan that types into a field the live tree marks secure is refused, and its text is gone from the next request, the log and the memory', async () => {
    // The model plans typing into "Login code" (a name the gate knows as secure only from the live
    // facts: a plain text field named like a one-time code).
    const engineScript: EngineScript = (call) =>
      call.method === 'typeText'
        ? { result: { kind: 'success', message: 'Typed.' }, facts: { element: { role: 'text_field', name: 'One-time code' } } }
        : { kind: 'success', message: 'Done.' };
    const { server, audit, memory, engine, loop } = await setup(
      [
        { intent: 'type_text', text: SECRET, element: { label: 'Login code' } },
        { intent: 'click_element', element: { label: 'Save' } },
      ],
      engineScript,
    );
    // Said so the grammar has no reading of it: the plan is the model's.
    const first = await loop.run(`fill in the login code, it is ${SECRET}`);
    expect(first.outcome).toBe('refused');
    expect(first.message).toContain(SECURE_REFUSAL);
    expect(engine.calls).toEqual([]);

    const second = await loop.run('now save the form please');
    expect(second.outcome).toBe('done');
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests[1]?.body)).not.toContain(SECRET);
    expect(JSON.stringify(memory.conversation)).not.toContain(SECRET);
    expect(memory.recentCommands.join('\n')).not.toContain(SECRET);
    const log = readFileSync(audit.file, 'utf8');
    expect(log).toContain('"secureContext":true');
    expect(log).not.toContain(SECRET);
  });

  it('the grammar\'s reading ("fill the login code with …") into a field the live tree marks secure is refused the same way, its text nowhere', async () => {
    const engineScript: EngineScript = (call) =>
      call.method === 'typeText'
        ? { result: { kind: 'success', message: 'Typed.' }, facts: { element: { role: 'text_field', name: 'One-time code' } } }
        : { kind: 'success', message: 'Done.' };
    const { server, audit, memory, events, engine, loop } = await setup([], engineScript);
    const r = await loop.run(`fill the login code with ${SECRET}`);
    expect(r.outcome).toBe('refused');
    expect(r.message).toContain(SECURE_REFUSAL);
    expect(engine.calls).toEqual([]);
    expect(server.requests).toHaveLength(0);
    expect(JSON.stringify(memory.conversation)).not.toContain(SECRET);
    expect(memory.recentCommands.join('\n')).not.toContain(SECRET);
    expect(JSON.stringify(events.filter((e) => e.type !== 'intent'))).not.toContain(SECRET);
    expect(readFileSync(audit.file, 'utf8')).not.toContain(SECRET);
  });

  it('a command that asks to type into a PIN or password field never reaches a planner', async () => {
    const { server, audit, memory, events, loop } = await setup([{ intent: 'type_text', text: SECRET }]);
    for (const command of [`type ${SECRET} into the password field`, `my PIN is ${SECRET}`, `enter ${SECRET} as the one-time code`]) {
      const r = await loop.run(command);
      expect(r).toEqual({ outcome: 'refused', message: SECURE_REFUSAL });
    }
    expect(server.requests).toHaveLength(0);
    expect(JSON.stringify(memory.conversation)).not.toContain(SECRET);
    expect(memory.recentCommands).toEqual([]);
    expect(JSON.stringify(events)).not.toContain(SECRET);
    expect(() => readFileSync(audit.file, 'utf8')).toThrow(); // nothing was logged at all
  });

  it('a plan aimed at a field named as secure shows no text in the event stream', async () => {
    const { server, events, engine, loop } = await setup([{ intent: 'type_text', text: SECRET, element: { label: 'Card number' } }]);
    const r = await loop.run('finish the checkout form please');
    expect(r.outcome).toBe('refused');
    expect(server.requests).toHaveLength(1);
    expect(engine.calls).toEqual([]);
    expect(events.some((e) => e.type === 'intent')).toBe(true);
    expect(JSON.stringify(events)).not.toContain(SECRET);
  });

  it('knows a secure typing command from an ordinary one', () => {
    expect(isSecureTypingCommand('type 1234 into PIN')).toBe(true);
    expect(isSecureTypingCommand('put the card number 4111 1111 1111 1111')).toBe(true);
    expect(isSecureTypingCommand('P\u200Bassword is swordfish')).toBe(true);
    expect(isSecureTypingCommand('click Forgot password')).toBe(false);
    expect(isSecureTypingCommand('press enter in the password field')).toBe(false);
    expect(isSecureTypingCommand('type hello into Notes')).toBe(false);
    // Past the first thousand characters too (a command may hold 2,000).
    expect(isSecureTypingCommand(`${'and then '.repeat(150)}type 1234 into the PIN`)).toBe(true);
  });
});
