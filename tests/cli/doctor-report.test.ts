/**
 * The diagnostics log and `doctor --report` keep nothing of the user's (issue #30 item 5): a canary
 * API key, text typed into a secure field, text read from the screen and a quick command go through
 * the real loop (fake engine and planner at its seams, as in tests/agent) and the real doctor, and
 * appear in neither the log nor the report, while the runs' outcomes, error codes and timings do.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuditLog } from '../../src/agent/audit-log.js';
import { DiagnosticsLog, readDiagnostics } from '../../src/agent/diagnostics-log.js';
import { createDoctorCommand, defaultDoctorDeps } from '../../src/cli/doctor-command.js';
import { redactReport } from '../../src/cli/doctor-report.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { observationOf, setupLoop, type EngineScript } from '../agent/loop-fakes.js';
import { captureIo, memoryKeychain, testServices, useTempDir } from './cli-fixtures.js';

const dir = useTempDir('ac-report-');
const KEY = 'sk-canary-KEY-0123456789abcdefghij';
const SECURE = 'SECURE-canary-hunter2';
const SCREEN = 'SCREEN-canary-Invoice-4711';
const QUICK = 'click PRIVATE-canary-quick';
const CANARIES = [KEY, SECURE, SCREEN, 'PRIVATE-canary'];

/** Three runs through the real loop: text into a password field, a click on screen text, a planner error that repeats the key. */
async function threeRuns(stateDir: string): Promise<AssistantEvent[]> {
  const events: AssistantEvent[] = [];
  let now = 1_000;
  const diagnostics = new DiagnosticsLog({ dir: stateDir, secrets: () => [KEY], now: () => (now += 7) });
  const emit = (event: AssistantEvent) => {
    events.push(event);
    diagnostics.observe(event);
  };
  const audit = new AuditLog({ dir: stateDir, secrets: () => [KEY] });
  const script: EngineScript = (call) => {
    if (call.method === 'getScreenElements') return observationOf([`button "${SCREEN}"`, 'password field "PIN"']);
    if (call.method === 'typeText')
      return { result: { kind: 'success', message: 'Typed.' }, facts: { element: { role: 'password_field', name: 'PIN', secure: true } } };
    return { kind: 'success', message: `Clicked “${SCREEN}”.` };
  };
  const replies = [
    { intent: 'type_text', text: SECURE, element: { label: 'PIN' } },
    { intent: 'click_element', element: { label: SCREEN } },
    { error: { code: 'auth' as const, message: `Incorrect API key provided: ${KEY}. ${SCREEN}`, retryable: false } },
  ];
  const { loop } = setupLoop({ script, replies, answers: ['confirmed'], deps: { emit, audit } });
  // The commands name nothing secret themselves (a secret in a command is refused before any plan).
  await loop.run('fill in the code for me');
  await loop.run(`press the ${SCREEN} thing`);
  await loop.run(`do something with ${SCREEN}`);
  return events;
}

describe('the diagnostics log and the report keep nothing of the user’s', () => {
  it('the runs carry the canaries in their events, the log and the report do not; outcomes, codes and timings are there', async () => {
    const stateDir = join(dir(), 'state');
    const events = await threeRuns(stateDir);
    // Not vacuous: what the loop said did hold the screen's text and the key.
    const said = JSON.stringify(events);
    expect(said).toContain(SCREEN);
    expect(said).toContain(KEY);

    const log = readFileSync(join(stateDir, 'diagnostics.jsonl'), 'utf8');
    for (const canary of CANARIES) expect(log).not.toContain(canary);
    const records = await readDiagnostics(stateDir, 100);
    expect(records.map((r) => (r.kind === 'run' ? r.outcome : r.code))).toEqual(['refused', 'done', 'failed']);
    expect(records[0]).toMatchObject({ kind: 'run', actions: ['type_text'], risk: 'blocked' });
    expect(records[1]).toMatchObject({ kind: 'run', actions: ['click_element'], errors: [] });
    expect(records[2]).toMatchObject({ kind: 'run', actions: [], errors: ['auth'] });
    for (const r of records) expect(r.kind === 'run' && r.totalMs > 0).toBe(true);

    const keychain = memoryKeychain();
    keychain.entries.set('openai', KEY);
    const services = testServices(dir(), keychain)();
    const loaded = await services.settings.load();
    await services.settings.save({ ...loaded.settings, quickCommands: [QUICK] });

    const reportPath = join(dir(), 'report.txt');
    const captured = captureIo();
    const doctor = createDoctorCommand({
      ...defaultDoctorDeps,
      services: () => services,
      accessibility: async () => ({ state: 'granted', detail: '' }),
      input: async () => ({ pointer: { x: 1, y: 2 } }),
      platform: 'linux',
      stateDir,
    });
    expect(await doctor.run(['--report', reportPath], captured.io)).toBe(0);
    expect(captured.err()).toBe(
      `Wrote the report to ${reportPath}. Attach it to your bug report: it holds no API key, no command and no text from your screen.\n`,
    );
    const report = readFileSync(reportPath, 'utf8');
    for (const canary of CANARIES) expect(report).not.toContain(canary);
    expect(report).toContain('## Checks');
    expect(report).toContain('"quickCommands": "1 (not included)"');
    expect(report).toContain('"errors":["auth"]');
    expect(report).toContain('"outcome":"refused"');
    expect(statSync(reportPath).mode & 0o777).toBe(0o600);
  });

  it('the report’s second pass takes out key-shaped text no keychain knows', () => {
    const text =
      'OpenAI said: Incorrect API key provided: sk-proj-abcdefghijklmnop1234. api_key=abcdefghijklmnopqrstuv; Authorization: Bearer 0123456789abcdef0123';
    const out = redactReport(text, []);
    expect(out).toBe('OpenAI said: Incorrect API key provided: [redacted]. api_key=[redacted]; Authorization: [redacted]');
  });
});
