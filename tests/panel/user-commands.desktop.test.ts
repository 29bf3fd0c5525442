// "Your commands" (issue #18, item 2) end to end: the built panel in Debian's Chromium, its preload
// API over exposeFunction, wired to the real core (startCore over a MessageChannel, as main relays
// the panel's requests) with a commands.json in a temporary settings folder. What the panel does is
// read back from the file on disk; an edit made on disk is seen in the list through the core's
// watcher and its `user_commands_changed` event. Each state passes axe-core.
import { mkdtemp, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPanel } from '../../scripts/build-panel.js';
import type { PlannerAvailability } from '../../src/agent/assistant-loop.js';
import { createSecretStore } from '../../src/config/secret-store.js';
import { startCore } from '../../src/core/core-process.js';
import type { PanelSession } from '../../src/core/panel-session.js';
import type { ExecutionEngine } from '../../src/execution/engine.js';
import { RpcPeer } from '../../src/shared/contracts/core-rpc.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import type { PermissionStatus } from '../../src/shared/permissions.js';
import { desktopSkipReason } from '../support/desktop.js';
import { focusWhenShown } from '../support/focus-at-show.js';
import { axeViolations, openPanel, unreachableByTab, type PanelBrowser } from '../support/panel-browser.js';
import { closePorts, portLink } from '../support/port-link.js';

const skip = desktopSkipReason();
const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));

/** The user's file as they wrote it: their spacing, a command with a problem (a phrase the assistant keeps), and a vocabulary. */
const COMMANDS = `{
  "commands": [
    { "say": "check mail", "app": "Thunderbird", "do": { "intent": "open_application", "app": "Thunderbird" } },
    { "say": "which app",  "do": { "intent": "get_frontmost_app" } },
    { "say": "stop",       "do": { "intent": "get_frontmost_app" } },
    { "say": "old name",   "do": { "intent": "press_key", "key": "b", "modifiers": ["ctrl"] } }
  ],
  "vocabulary": ["Thunderbird"]
}
`;

describe.skipIf(skip !== '')('"Your commands" in Chromium, on the real core and a commands file on disk', { timeout: 60_000 }, () => {
  let panel: PanelBrowser;
  let session: PanelSession;
  let dir = '';
  const page = () => panel.page;
  const onDisk = () => readFile(join(dir, 'commands.json'), 'utf8');
  const listed = () => page().getByTestId('user-command').locator('.user-command-say').allTextContents();
  const message = () => page().getByTestId('commands-message').textContent();
  const checkState = async (name: string) => {
    await panel.screenshot(name);
    expect(await axeViolations(page()), name).toEqual([]);
  };
  const focusedText = () =>
    page().evaluate(
      () => (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } }).document.activeElement?.textContent ?? '',
    );

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ac-user-commands-'));
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ provider: 'grammar', onboardingDone: true }));
    await writeFile(join(dir, 'commands.json'), COMMANDS);
    const bundleDir = await mkdtemp(join(tmpdir(), 'ac-panel-'));
    await buildPanel(bundleDir);
    const granted: PermissionStatus[] = [{ kind: 'accessibility', state: 'granted', explanation: '', canOpenSettings: false }];
    const { port1, port2 } = new MessageChannel();
    // Main's side of the link: events go to the page, as main sends them to the panel.
    new RpcPeer(portLink(port1), {
      'permissions:check': () => granted,
      'permissions:open-settings': () => false,
      'assistant:event': (event: AssistantEvent) => panel?.push(event),
      'settings:saved': () => undefined,
    });
    const core = await startCore({
      link: portLink(port2),
      settingsDir: dir,
      auditDir: join(dir, 'audit'),
      secrets: createSecretStore({ backend: { get: async () => null, set: async () => undefined, delete: async () => false } }),
      // Nothing here acts on the desktop: the view only reads and edits the commands file.
      engine: {} as ExecutionEngine,
      planner: async (): Promise<PlannerAvailability> => ({ kind: 'none', message: 'Only offline commands in this test.' }),
      bridgePermission: async () => ({ state: 'granted', detail: '' }),
    });
    session = core.session;
    panel = await openPanel({ bundleDir, artifactsDir: ARTIFACTS, session: () => session });
  }, 60_000);

  afterAll(async () => {
    await panel?.close();
    closePorts();
  });

  it('opens from the toolbar: each phrase, its app and what it does, and the problem with its line and column', async () => {
    const open = page().getByRole('button', { name: 'Your commands' });
    await expect.poll(() => open.isEnabled()).toBe(true);
    await open.click();
    await expect.poll(() => focusedText()).toBe('Your commands');
    await expect.poll(listed).toEqual(['“check mail”', '“which app”', '“old name”']);
    const items = page().getByTestId('user-command');
    expect(await items.nth(0).textContent()).toContain('Only in Thunderbird');
    expect(await items.nth(0).textContent()).toContain('Open “Thunderbird”.');
    expect(await items.nth(1).textContent()).toContain('In every app');
    expect(await items.nth(1).textContent()).toContain('Tell which app is in front.');
    expect(await page().getByTestId('commands-problem').allTextContents()).toEqual([
      expect.stringMatching(/^Line 5, column 14: Command 3 \(“stop”\): “stop” is one of the assistant’s own phrases .*: choose another phrase\.$/),
    ]);
    await checkState('user-commands-01-list');
    expect(await unreachableByTab(page())).toEqual([]);
  });

  it('deletes a command only after asking: Keep leaves it, Delete takes it out of the file and the list', async () => {
    const remove = page().getByRole('button', { name: 'Delete “which app”', exact: true });
    // Keep has the focus as the question shows: a stray press at that moment does not delete.
    const asked = await focusWhenShown(page(), '.confirm-delete');
    await remove.click();
    const question = page().getByRole('group', { name: 'Delete the command “which app”?' });
    await question.waitFor();
    expect(await asked()).toBe('Keep');
    await checkState('user-commands-02-ask');
    // Kept: the focus is back on the Delete that asked, as that button shows again.
    const kept = await focusWhenShown(page(), '[aria-label="Delete “which app”"]');
    await page().keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    expect(await kept()).toBe('Delete “which app”');
    expect(await onDisk()).toBe(COMMANDS);

    await remove.click();
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(message).toBe('Deleted “which app”.');
    await expect.poll(listed).toEqual(['“check mail”', '“old name”']);
    // Only that command's line went; the rest of the user's text is as it was.
    expect(await onDisk()).toBe(COMMANDS.replace('    { "say": "which app",  "do": { "intent": "get_frontmost_app" } },\n', ''));
  });

  it('renames a command and gives it an app; a phrase the assistant keeps is refused in a sentence and the file is left as it was', async () => {
    await page().getByRole('button', { name: 'Edit “old name”', exact: true }).click();
    const form = page().getByRole('form', { name: 'Edit “old name”' });
    const phrase = form.getByRole('textbox', { name: 'Phrase to say' });
    await expect.poll(() => focusedText()).toBe('');
    await phrase.fill('help');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => form.getByTestId('edit-message').textContent())
      .toMatch(/^Not changed: Command 3 \(“help”\): “help” is one of the assistant’s own phrases/);
    const before = await onDisk();
    expect(before).toContain('"say": "old name"');
    await checkState('user-commands-03-refused');

    await phrase.fill('bold text');
    await form.getByRole('textbox', { name: 'Only in this app (empty: in every app)' }).fill('gedit');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(message).toBe('Saved: “bold text” (in “gedit”) does what “old name” did.');
    await expect.poll(listed).toEqual(['“check mail”', '“bold text”']);
    expect(await onDisk()).toBe(before.replace('"say": "old name",', '"say": "bold text", "app": "gedit",'));

    // The app cleared: the command is for every app again.
    await page().getByRole('button', { name: 'Edit “check mail”', exact: true }).click();
    const mail = page().getByRole('form', { name: 'Edit “check mail”' });
    // The form gives the phrase the focus as it opens; the next field is filled after that, as a user would.
    await expect
      .poll(() => page().evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id ?? ''))
      .toMatch(/-say$/);
    await mail.getByRole('textbox', { name: 'Only in this app (empty: in every app)' }).fill('');
    await mail.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(message).toBe('Saved: “check mail” does what “check mail” (in “Thunderbird”) did.');
    expect(await onDisk()).toContain('{ "say": "check mail", "do": { "intent": "open_application", "app": "Thunderbird" } }');
  });

  it('follows the file on disk: an edit made in a text editor shows in the list, problems included', async () => {
    const edited = (await onDisk()).replace('"vocabulary"', '"vocabulary": ["x"],\n  "extra"');
    // An editor's atomic save: a new file renamed over the old one.
    await writeFile(
      join(dir, 'commands.next'),
      edited.replace('"commands": [', '"commands": [\n    { "say": "added on disk", "do": { "intent": "get_frontmost_app" } },'),
    );
    await rename(join(dir, 'commands.next'), join(dir, 'commands.json'));
    await expect.poll(listed, { timeout: 10_000 }).toEqual(['“added on disk”', '“check mail”', '“bold text”']);
    await expect
      .poll(() => page().getByTestId('commands-problem').allTextContents())
      .toContainEqual(expect.stringMatching(/^Line \d+, column \d+: “extra” is not a part of the commands file/));
    await checkState('user-commands-04-followed');
  });

  it('closes back to the toolbar button, and opens again when “my commands” is typed or said', async () => {
    // The toolbar button has the focus as the toolbar shows again: a key pressed at once lands on it.
    const closed = await focusWhenShown(page(), '.toolbar');
    await page().getByRole('button', { name: 'Back to the command box' }).click();
    expect(await closed()).toBe('Your commands');
    await expect.poll(() => focusedText()).toBe('Your commands');
    const input = page().getByRole('textbox', { name: 'Command' });
    await input.fill('My commands.');
    await input.press('Enter');
    await expect.poll(() => focusedText()).toBe('Your commands');
    expect(await page().getByRole('heading', { name: 'Your commands' }).isVisible()).toBe(true);
    // Nothing went to the loop: the panel answered it itself.
    expect(panel.crossings.filter((c) => c.channel === 'command:run')).toEqual([]);
  });
});
