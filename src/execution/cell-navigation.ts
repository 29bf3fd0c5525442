/**
 * go_to_cell: puts a cell address ("B3") or a range ("A1:C5") into the spreadsheet's cell address
 * box (the Name Box), presses Enter there, and reads the box back once the focus is in the sheet
 * again: the selection moved only when the box then shows the address asked for.
 */
import { parseCellReference, readShownCellReference } from '../shared/cell-address.js';
import { quote } from '../shared/text/quote.js';
import type { AxElement, ElementRef } from './accessibility/types.js';
import { OWN_WINDOW_REFUSAL } from './apps/app-focus.js';
import { centre, LABEL_QUOTE_MAX, type AppOf } from './element-geometry.js';
import { isVisible } from './element-resolution.js';
import type { EngineParts } from './engine-parts.js';
import type { ActOptions } from './engine-types.js';
import { failure, success, type ActionResult } from './results.js';

interface AddressBox {
  readonly element: AxElement;
  readonly ref: ElementRef;
  readonly app: AppOf;
}

type FoundBox = { readonly kind: 'found'; readonly box: AddressBox } | { readonly kind: 'none' | 'several' };

export async function goToCell(parts: EngineParts, cell: string, app: string | undefined, options: ActOptions): Promise<ActionResult> {
  const { apps, tuning } = parts;
  const wanted = parseCellReference(cell);
  if (!wanted.ok) return failure('unsupported', `I cannot go to ${quote(cell, LABEL_QUOTE_MAX)}: ${wanted.problem}.`);
  const what = wanted.single ? `cell ${wanted.canonical}` : `cells ${wanted.canonical}`;
  // Enter goes to the focused window: the spreadsheet must be in front (not the panel).
  const front = await apps.frontFor(app);
  if (!front.ok) return front.result;
  const pid = front.value;
  const first = await addressBox(parts, pid);
  if (first.kind !== 'found') return failure('not_found', noAddressBox(first.kind === 'several', wanted.canonical));
  const facts = parts.factsOf(first.box.element, first.box.app);
  const gated = options.gate?.({ element: facts });
  if (gated) return gated;
  if (facts?.own) return failure('refused', OWN_WINDOW_REFUSAL);

  let box = first.box;
  if (!box.element.states.includes('focused')) {
    const at = centre(box.element);
    if (box.element.actions.includes('focus')) await parts.bridge.performAction(box.ref, 'focus');
    else if (at && isVisible(box.element)) await parts.pointerClick(at, 'left', 1);
    else return failure('unsupported', `I cannot reach the cell address box of this app to go to ${what}: click in the sheet, then say the cell again.`);
    const focused = await apps.pollFor(tuning.activateWaitMs, async () => {
      const again = await addressBox(parts, pid);
      return again.kind === 'found' && again.box.element.states.includes('focused') ? again.box : undefined;
    });
    if (!focused)
      return failure(
        'unsupported',
        `The cell address box of this app did not take the focus, so I did not go to ${what}: click in the sheet, then say the cell again.`,
      );
    box = focused;
  }
  await parts.bridge.setValue(box.ref, wanted.canonical);
  await parts.input.pressChord('enter', []);
  apps.noteActed();

  // Read back: the focus left the box (the app took the address) and the box shows it.
  let last: AxElement | undefined;
  const moved = await apps.pollFor(tuning.cellWaitMs, async () => {
    const now = await addressBox(parts, pid);
    if (now.kind !== 'found') return undefined;
    last = now.box.element;
    return !last.states.includes('focused') && readShownCellReference(last.value) === wanted.canonical ? true : undefined;
  });
  if (moved) return success(`${wanted.single ? 'Went to' : 'Selected'} ${what}: the cell address box reads ${wanted.canonical}.`);
  const after: AxElement | undefined = last;
  const reads = after?.value ? quote(after.value, 40) : 'nothing';
  const why = 'The address may be past the end of this sheet, or the app opened a message: look at the sheet, then try again.';
  return failure(
    'mismatch',
    after?.states.includes('focused')
      ? `The app did not take ${what}: its cell address box still has the focus and reads ${reads}. ${why}`
      : `The sheet did not show ${what}: its cell address box reads ${reads}. ${why}`,
  );
}

/** The sentence when the front window has no cell address box (or several that show an address). */
function noAddressBox(several: boolean, cell: string): string {
  return several
    ? `This window has several boxes that show a cell address, and I cannot tell which one is the sheet's: click in the sheet you mean, then say “go to cell ${cell}” again.`
    : `This app has no cell address box (the Name Box of a spreadsheet) in its front window, so I cannot go to ${cell}: open the spreadsheet and close any dialog in front of it, then say the cell again.`;
}

/**
 * The cell address box of the app's front window: a text field or combo box named "Name Box"
 * (Excel, web sheets), else the one editable text field of a toolbar that shows a cell address
 * (LibreOffice Calc leaves its Name Box unnamed). A combo box stands for its editable text field.
 */
async function addressBox(parts: EngineParts, pid: number): Promise<FoundBox> {
  const s = await parts.apps.snapshotToAct(pid, 'focused_window');
  const byId = new Map(s.elements.map((e) => [e.id, e]));
  const editable = (e: AxElement): boolean => e.role === 'text_field' && e.states.includes('editable') && isVisible(e);
  const named = s.elements.filter((e) => (e.role === 'text_field' || e.role === 'combo_box') && /^name\s*box$/i.test((e.name || e.description).trim()));
  // A combo box and its text field may both carry the name: the same box, once.
  let candidates = [
    ...new Set(named.map((e) => (e.role === 'combo_box' ? s.elements.find((c) => c.parent === e.id && editable(c)) : editable(e) ? e : undefined))),
  ].filter((e) => e !== undefined);
  if (candidates.length === 0) {
    const inToolbar = (e: AxElement): boolean => {
      for (let p = e.parent === null ? undefined : byId.get(e.parent); p; p = p.parent === null ? undefined : byId.get(p.parent))
        if (p.role === 'toolbar') return true;
      return false;
    };
    candidates = s.elements.filter((e) => editable(e) && readShownCellReference(e.value) !== undefined && inToolbar(e));
  }
  const [box, ...more] = candidates;
  if (!box) return { kind: 'none' };
  if (more.length > 0) return { kind: 'several' };
  return { kind: 'found', box: { element: box, ref: { generation: s.generation, id: box.id }, app: s } };
}
