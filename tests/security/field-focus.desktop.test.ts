// Typing into a named field gives it the focus (issue #32 item 4), on a real desktop: the command goes
// through the whole loop (the offline grammar reads it), the text is inserted over AT-SPI, and the
// Enter that follows reaches that field, whatever had the focus before; the app's own counters say
// what happened. Adversarial: once the focus moved to a dialog's field, its Enter presses the
// dialog's destructive default button, and the gate still asks about it first.
import { describe, expect, it } from 'vitest';
import { desktopSkipReason, until } from '../support/desktop.js';
import { useConsentLab } from './consent-lab.js';

const skip = desktopSkipReason();
if (skip !== '') console.log(`field-focus desktop tests skipped: ${skip}`);

describe.skipIf(skip !== '')('typing into a named field moves the focus there, on a real desktop', () => {
  const labOf = useConsentLab();

  it('"type … into Search and press enter" submits the search, with the focus on the list before', async () => {
    const lab = labOf();
    await lab.reset();
    await lab.focusFirstRow();
    const searches = await lab.counter('Searches:');
    const opened = await lab.counter('Opened:');
    const ran = await lab.run('type "cats and dogs" into the Search field and press enter', [], 'declined');
    expect(ran.confirmations.map((q) => q.risk.reason)).toEqual([]);
    expect(ran.result.outcome, ran.result.message).toBe('done');
    await until('the search to be submitted', async () => ((await lab.counter('Searches:')) > searches ? true : undefined));
    expect(await lab.counter('Opened:'), 'the Enter went to the list that had the focus').toBe(opened);
    expect((await lab.element('Search')).value).toMatch(/cats and dogs$/);
    const focused = (await lab.focusedWindow()).elements.find((e) => e.states.includes('focused') && e.name === 'Search');
    expect(focused?.role, 'the Search field keeps the focus').toBe('text_field');
  });

  it('"fill Search with …" then a key: the key goes to the field, not to the button that had the focus', async () => {
    const lab = labOf();
    await lab.reset();
    await lab.focus('Delete account');
    const searches = await lab.counter('Searches:');
    const deleted = await lab.counter('Accounts deleted:');
    const ran = await lab.run('fill Search with parcels then press enter', [], 'declined');
    expect(ran.result.outcome, ran.result.message).toBe('done');
    await until('the search to be submitted', async () => ((await lab.counter('Searches:')) > searches ? true : undefined));
    expect(await lab.counter('Accounts deleted:'), 'Enter pressed the button that had the focus before').toBe(deleted);
  });

  it('the field of a dialog whose default button is destructive: its Enter is still asked about, and declined, nothing is deleted', async () => {
    const lab = labOf();
    await lab.openDialog('Confirm by name…', 'Name of the list');
    // The focus elsewhere in the dialog first: its Cancel button.
    const dialog = await lab.focusedWindow();
    const cancel = dialog.elements.find((e) => e.role === 'button' && e.name === 'Cancel');
    if (!cancel) throw new Error('the dialog has no Cancel button');
    await lab.bridge.performAction({ generation: dialog.generation, id: cancel.id }, 'focus');
    await until('the focus on Cancel', async () =>
      (await lab.focusedWindow()).elements.some((e) => e.name === 'Cancel' && e.states.includes('focused')) ? true : undefined,
    );
    const confirmed = await lab.counter('Confirmed 0:');
    const declined = await lab.counter('Declined:');
    const command = 'type "Parcels" into the Name of the list field and press enter';
    const refused = await lab.run(command, [], 'declined');
    expect(refused.confirmations.length, `no question before the Enter: ${JSON.stringify(refused.events).slice(0, 2000)}`).toBeGreaterThan(0);
    expect(refused.confirmations.map((q) => q.risk.reason).join(' / ')).toContain('Delete all parcels');
    expect(refused.result.outcome).toBe('refused');
    expect(await lab.counter('Confirmed 0:'), 'the default button was pressed without consent').toBe(confirmed);
    expect(await lab.counter('Declined:'), 'the Enter went to Cancel, which had the focus before').toBe(declined);

    const allowed = await lab.run(command, [], 'confirmed');
    expect(allowed.result.outcome, allowed.result.message).toBe('done');
    await until('the default button to be pressed once confirmed', async () => ((await lab.counter('Confirmed 0:')) > confirmed ? true : undefined));
    expect(await lab.counter('Declined:')).toBe(declined);
  });
});
