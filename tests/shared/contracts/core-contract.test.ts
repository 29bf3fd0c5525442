// The shell ↔ core contract (src/shared/contracts/core-contract.ts) over a real MessageChannel: every message
// each way arrives as sent, and a message off the contract is logged in a sentence and dropped.
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CORE_ANSWERS,
  SHELL_ANSWERS,
  assistantEvent,
  corePeer,
  shellPeer,
  type Handlers,
  type CoreAnswers,
  type ShellAnswers,
} from '../../../src/shared/contracts/core-contract.js';
import { RpcPeer } from '../../../src/shared/contracts/core-rpc.js';
import { INTENT_SOURCES, type AssistantEvent } from '../../../src/shared/contracts/events.js';
import { Settings } from '../../../src/shared/settings-schema.js';
import { closePorts, portLink } from '../../support/port-link.js';

afterEach(() => {
  closePorts();
});

/** Every event type the loop emits, once. */
const EVENTS: readonly AssistantEvent[] = [
  { type: 'status', status: 'thinking' },
  {
    type: 'intent',
    source: 'grammar',
    intent: { intent: 'click', target: { label: 'Send' } },
    summary: 'Click “Send” (button).',
    risk: { level: 'moderate', reason: 'It sends a message.' },
    lowConfidence: false,
  },
  { type: 'clarification', question: 'Which one?', options: ['the first', 'the second'] },
  { type: 'confirmation_request', id: 'q1', summary: 'Delete the file.', risk: { level: 'destructive', reason: 'It cannot be undone.' } },
  // With where it will act (issue #31): an element's bounds, or a point.
  {
    type: 'confirmation_request',
    id: 'q2',
    summary: 'Click “Delete”.',
    risk: { level: 'destructive', reason: 'It deletes.' },
    target: { kind: 'element', label: 'Delete', x: 9, y: 66, width: 151, height: 34 },
  },
  {
    type: 'confirmation_request',
    id: 'q3',
    summary: 'Click at 85, 83.',
    risk: { level: 'moderate', reason: 'A click.' },
    target: { kind: 'point', label: 'Delete', x: 85, y: 83 },
  },
  { type: 'observation', summary: 'Mail, 12 elements.', elements: 12 },
  { type: 'action_result', ok: true, message: 'Clicked Send.' },
  { type: 'error', code: 'core_exited', message: 'The assistant stopped unexpectedly.', retryable: true },
  { type: 'done', outcome: 'done', message: 'Done.' },
  { type: 'answer', to: 'confirmation', answer: 'confirmed', message: 'Confirmed.' },
  { type: 'command_guide', guide: { app: 'Mail', scope: 'commands', groups: [{ title: 'Click', examples: ['click Send'], alsoSaid: ['press'] }] } },
];

const SETTINGS = Settings.parse({ globalShortcut: 'Control+Alt+K' });

/** Both sides over one channel, recording what each handler received; `log` collects both sides' sentences. */
function linked(overrides: { core?: Partial<Handlers<CoreAnswers>>; shell?: Partial<Handlers<ShellAnswers>> } = {}) {
  const { port1, port2 } = new MessageChannel();
  const received: [string, unknown[]][] = [];
  const log: string[] = [];
  const core = corePeer(
    portLink(port2),
    {
      'panel:request': (channel, args) => (received.push(['panel:request', [channel, args]]), { outcome: 'done', message: `ran ${channel}` }),
      'bridge:permission': (deadlineMs) => (received.push(['bridge:permission', [deadlineMs]]), { state: 'granted', detail: '' }),
      'switch:hold': (keys) => (received.push(['switch:hold', [keys]]), { held: keys, problems: [] }),
      ...overrides.core,
    },
    (line) => log.push(line),
  );
  const shell = shellPeer(
    portLink(port1),
    {
      'permissions:check': (kinds) => (
        received.push(['permissions:check', [kinds]]),
        [{ kind: 'accessibility', state: 'granted', explanation: '', canOpenSettings: false }]
      ),
      'permissions:open-settings': (kind) => (received.push(['permissions:open-settings', [kind]]), true),
      'assistant:event': (event) => received.push(['assistant:event', [event]]),
      'settings:saved': (settings) => received.push(['settings:saved', [settings]]),
      'switch:key': (report) => received.push(['switch:key', [report]]),
      ...overrides.shell,
    },
    (line) => log.push(line),
  );
  return { core, shell, received, log, port1, port2 };
}

describe('the shell ↔ core contract', () => {
  it('carries every message each way as sent, and every answer back', async () => {
    const { core, shell, received, log } = linked();
    // Shell → core calls.
    await expect(shell.call('panel:request', 'command:run', ['click Send'])).resolves.toEqual({ outcome: 'done', message: 'ran command:run' });
    await expect(shell.call('bridge:permission', 2000)).resolves.toEqual({ state: 'granted', detail: '' });
    await expect(shell.call('switch:hold', ['Space', 'Enter'])).resolves.toEqual({ held: ['Space', 'Enter'], problems: [] });
    // Core → shell calls and notices.
    await expect(core.call('permissions:check', ['accessibility'])).resolves.toEqual([
      { kind: 'accessibility', state: 'granted', explanation: '', canOpenSettings: false },
    ]);
    await expect(core.call('permissions:check', undefined)).resolves.toHaveLength(1);
    await expect(core.call('permissions:open-settings', 'microphone')).resolves.toBe(true);
    for (const event of EVENTS) core.notify('assistant:event', event);
    core.notify('settings:saved', SETTINGS);
    core.notify('switch:key', { key: 'Space', edge: 'down' });
    await expect.poll(() => received.filter(([name]) => name === 'switch:key')).toHaveLength(1);
    expect(received).toEqual([
      ['panel:request', ['command:run', ['click Send']]],
      ['bridge:permission', [2000]],
      ['switch:hold', [['Space', 'Enter']]],
      ['permissions:check', [['accessibility']]],
      ['permissions:check', [undefined]],
      ['permissions:open-settings', ['microphone']],
      ...EVENTS.map((event) => ['assistant:event', [event]]),
      ['settings:saved', [SETTINGS]],
      ['switch:key', [{ key: 'Space', edge: 'down' }]],
    ]);
    // Every message of the contract was exercised above: a new one needs its line here.
    const names = [
      ...Object.keys(CORE_ANSWERS.calls),
      ...Object.keys(SHELL_ANSWERS.calls),
      ...Object.keys(SHELL_ANSWERS.notices),
      ...Object.keys(CORE_ANSWERS.notices),
    ];
    expect(new Set(received.map(([name]) => name))).toEqual(new Set(names));
    expect(log).toEqual([]);
  });

  it('fills what a partial settings notice leaves out, as the settings file does', async () => {
    const { received, port2 } = linked();
    const raw = new RpcPeer(portLink(port2), {});
    raw.notify('settings:saved', { launchAtLogin: false });
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toEqual(['settings:saved', [Settings.parse({ launchAtLogin: false })]]);
  });

  it('reads a switch edge it does not know as lost (the key is no longer known to be down)', async () => {
    const { received, port2 } = linked();
    const raw = new RpcPeer(portLink(port2), {});
    raw.notify('switch:key', { key: 'Enter', edge: 'sideways' });
    await expect.poll(() => received).toEqual([['switch:key', [{ key: 'Enter', edge: 'lost' }]]]);
  });
});

describe('the events on the contract', () => {
  it('carries a plan from every source the loop knows, the user’s own commands included, and the dictation mode', () => {
    for (const source of INTENT_SOURCES) {
      const event = {
        type: 'intent',
        source,
        intent: { intent: 'get_frontmost_app' },
        summary: 'Says which app is in front.',
        risk: { level: 'harmless', reason: 'Only reads.' },
        lowConfidence: false,
      };
      expect(assistantEvent.safeParse(event).success, source).toBe(true);
    }
    for (const mode of ['commands', 'dictation'])
      expect(assistantEvent.safeParse({ type: 'mode', mode, message: 'Say “stop dictation” to stop.' }).success, mode).toBe(true);
    expect(
      assistantEvent.safeParse({
        type: 'intent',
        source: 'someone_else',
        intent: {},
        summary: '',
        risk: { level: 'harmless', reason: '' },
        lowConfidence: false,
      }).success,
    ).toBe(false);
  });
});

describe('a message off the contract', () => {
  it('from the core: a malformed notice is logged in a sentence and dropped; the next one still arrives', async () => {
    const { received, log, port2 } = linked();
    const raw = new RpcPeer(portLink(port2), {});
    raw.notify('assistant:event', { type: 'status', status: 'dancing' });
    raw.notify('assistant:event', { type: 'teleport' });
    // An outline with no size, or of a kind the overlay does not draw, is not on the contract.
    const risk = { level: 'moderate', reason: 'A click.' };
    raw.notify('assistant:event', {
      type: 'confirmation_request',
      id: 'q',
      summary: 's',
      risk,
      target: { kind: 'element', label: 'A', x: 1, y: 2, width: 0, height: 3 },
    });
    raw.notify('assistant:event', { type: 'confirmation_request', id: 'q', summary: 's', risk, target: { kind: 'area', label: 'A', x: 1, y: 2 } });
    raw.notify('settings:saved', { globalShortcut: 42 });
    raw.notify('switch:key', 'Space');
    raw.notify('assistant:event', { type: 'status', status: 'idle' });
    await expect.poll(() => received).toEqual([['assistant:event', [{ type: 'status', status: 'idle' }]]]);
    expect(log).toHaveLength(6);
    for (const line of log)
      expect(line).toMatch(/^Ignored a (assistant:event|settings:saved|switch:key) message from the assistant's core that is not on the contract \(.+\)\.$/);
  });

  it('from the shell: a call with bad arguments is refused with a sentence and its handler never runs', async () => {
    const { received, log, port1 } = linked();
    const raw = new RpcPeer(portLink(port1), {});
    await expect(raw.call('panel:request', 'shell:exec', ['rm -rf /'])).rejects.toThrow('Refused a request that is not on the panel contract.');
    await expect(raw.call('bridge:permission', -5)).rejects.toThrow(/^Refused bridge:permission: /);
    await expect(raw.call('switch:hold', ['MouseLeft'])).rejects.toThrow('a mouse button cannot be held as a key');
    expect(received).toEqual([]);
    expect(log).toHaveLength(3);
    expect(log[0]).toMatch(/^Refused a panel:request call from the app that is not on the contract \(.+\)\.$/);
  });

  it('an answer off the contract rejects the call with a sentence instead of reaching the caller', async () => {
    const { core, log } = linked({ shell: { 'permissions:check': () => [{ kind: 'camera' }] as never } });
    await expect(core.call('permissions:check', ['accessibility'])).rejects.toThrow(
      /^The app answered permissions:check with something that is not on the contract \(0\.kind: .+\)\.$/,
    );
    expect(log).toHaveLength(1);
  });

  it('is not sent at all when it is the sender that breaks the contract', async () => {
    const posted: unknown[] = [];
    const log: string[] = [];
    const core = corePeer(
      { post: (m) => posted.push(m), onMessage: () => () => undefined },
      { 'panel:request': () => undefined, 'bridge:permission': () => ({ state: 'granted', detail: '' }), 'switch:hold': () => ({ held: [], problems: [] }) },
      (line) => log.push(line),
    );
    core.notify('assistant:event', { type: 'status', status: 'dancing' } as never);
    await expect(core.call('permissions:open-settings', 'camera' as never)).rejects.toThrow(
      /^Did not send permissions:open-settings to the app: its arguments are not on the contract/,
    );
    expect(posted).toEqual([]);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatch(/^Did not send assistant:event to the app: it is not on the contract \(.+\)\.$/);
  });

  it('a message that is no RPC message at all is logged and dropped, and the link keeps working', async () => {
    const { shell, log, port2 } = linked();
    port2.postMessage({ kind: 'shout', method: 'x' });
    port2.postMessage('hello');
    await expect(shell.call('bridge:permission', 1000)).resolves.toEqual({ state: 'granted', detail: '' });
    await expect.poll(() => log).toHaveLength(2);
    for (const line of log) expect(line).toMatch(/^Ignored a malformed message from the assistant's core: .+\.$/);
  });
});
