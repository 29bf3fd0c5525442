import { describe, expect, it } from 'vitest';
import { toScreen } from '../../src/agent/vision.js';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import { fakeEngine } from './loop-fakes.js';
import type { WindowPicture } from '../../src/execution/screen/window-picture.js';
import { gridCells } from '../../src/shared/mouse-grid.js';

const picture: WindowPicture = {
  png: Buffer.alloc(0),
  width: 400,
  height: 300,
  area: { x: 100, y: 50, width: 400, height: 300 },
  app: 'Drawing',
  marks: [],
  cells: gridCells({ x: 0, y: 0, width: 400, height: 300 }, 4),
  masked: 0,
};

describe('a plan from a picture, on the screen', () => {
  it('turns a picture point into the screen point and says where it is', () => {
    expect(toScreen({ intent: 'left_click_coordinates', x: 150, y: 80 }, picture)).toEqual({
      intent: { intent: 'left_click_coordinates', x: 250, y: 130 },
      where: 'at (150, 80) in the picture of “Drawing”, grid cell 6',
    });
    expect(toScreen({ intent: 'move_mouse', to: { x: 399, y: 299 } }, picture)).toMatchObject({
      intent: { to: { x: 499, y: 349 } },
      where: expect.stringContaining('grid cell 16'),
    });
  });

  it.each([
    [-1, 10],
    [400, 10],
    [10, 300],
    [5000, 12],
  ])('refuses (%i, %i), outside the picture, with a sentence', (x, y) => {
    expect(toScreen({ intent: 'left_click_coordinates', x, y }, picture)).toMatch(/outside the picture of the window \(400 × 300\): nothing was clicked/);
  });

  it('leaves a numbered element as it is, and refuses drags and sequences by points', () => {
    expect(toScreen({ intent: 'click_element', element: { id: 4 } }, picture)).toEqual({ intent: { intent: 'click_element', element: { id: 4 } } });
    expect(toScreen({ intent: 'drag', from: { id: 2 }, to: { x: 10, y: 10 } }, picture)).toMatch(/not planned from a picture/);
    expect(
      toScreen(
        {
          intent: 'sequence',
          steps: [
            { intent: 'left_click_coordinates', x: 1, y: 1 },
            { intent: 'press_key', key: 'enter' },
          ],
        },
        picture,
      ),
    ).toMatch(/one place at a time/);
  });
});

describe('the planner for pictures', () => {
  it('is asked again for each command, so a settings change applies to the next one', async () => {
    let asked = 0;
    const loop = new AssistantLoop({
      engine: fakeEngine(),
      emit: () => undefined,
      confirm: async () => 'declined',
      vision: {
        picture: async () => {
          throw new Error('no picture in this test');
        },
        planner: async () => {
          asked++;
          return { kind: 'none', message: 'Pictures of the screen are off.' };
        },
      },
    });
    expect(await loop.run('look at the screen and click the gear')).toEqual({ outcome: 'needs_user', message: 'Pictures of the screen are off.' });
    expect(await loop.run('look at the screen and click the gear')).toMatchObject({ outcome: 'needs_user' });
    expect(asked).toBe(2);
  });
});
