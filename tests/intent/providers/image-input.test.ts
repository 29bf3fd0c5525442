// Each provider's official SDK sends a screen picture in its own image input to a loopback server
// speaking its protocol (issue #29 item 4): the PNG arrives whole, with the last user message; a
// plan asked with a picture is validated like any other; "describe" asks for text (no plan tool,
// no JSON format) and returns the model's sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../../src/execution/screen/png.js';
import { createPlanner } from '../../../src/intent/providers/create-planner.js';
import type { PlanImage } from '../../../src/intent/providers/planner.js';
import { decodePng } from '../../support/png-decode.js';
import { imagesIn, loopbackConfig } from '../image-input.js';
import { startLlmServer, type LlmProvider, type LlmServer } from '../llm-loopback.js';

const PROVIDERS: LlmProvider[] = ['anthropic', 'openai', 'ollama'];

async function picture(): Promise<PlanImage> {
  const width = 64;
  const height = 40;
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < rgba.length; i += 4) rgba.set([(i / 4) % 251, 90, 200, 255], i);
  return { mediaType: 'image/png', base64: (await encodePng(width, height, rgba)).toString('base64'), width, height };
}

describe.each(PROVIDERS)('%s: a picture in the image input', (provider) => {
  let server: LlmServer;
  beforeAll(async () => {
    server = await startLlmServer(provider);
    server.setScenario('scripted');
  });
  afterAll(() => server.close());

  it('carries the PNG with the last user turn, and the plan is validated', async () => {
    server.script = () => ({ plan: { intent: 'click_element', element: { id: 4 } } });
    const image = await picture();
    const planner = createPlanner(loopbackConfig(provider, server.baseURL));
    const outcome = await planner.plan({
      conversation: [{ kind: 'user', text: 'Command: click the gear' }],
      image,
      validation: { latestElementIds: new Set([1, 2, 3, 4]) },
    });
    expect(outcome.kind === 'answered' && outcome.validation.ok && outcome.validation.intent).toEqual({ intent: 'click_element', element: { id: 4 } });
    const body = server.requests.at(-1)?.body ?? {};
    const images = imagesIn(provider, body);
    expect(images).toHaveLength(1);
    expect(images[0]?.mediaType).toBe('image/png');
    expect(images[0]?.text).toContain('click the gear');
    const png = decodePng(Buffer.from(images[0]?.base64 ?? '', 'base64'));
    expect([png.width, png.height]).toEqual([64, 40]);
    expect(png.pixel(10, 3)).toEqual([(3 * 64 + 10) % 251, 90, 200]);
    // The plan's structured answer is still asked for.
    if (provider === 'anthropic') expect(body.tool_choice).toMatchObject({ type: 'tool', name: 'plan' });
    if (provider === 'openai') expect(body.response_format).toMatchObject({ type: 'json_schema' });
    if (provider === 'ollama') expect(body.format).toBeTypeOf('object');
  });

  it("describes a picture in the model's words, without the plan's format", async () => {
    server.script = () => ({ text: '  A settings window with a gear button and a Save button.  ' });
    const planner = createPlanner(loopbackConfig(provider, server.baseURL));
    const outcome = await planner.describe?.({ conversation: [{ kind: 'user', text: 'The user asks: describe the screen' }], image: await picture() });
    expect(outcome).toMatchObject({ kind: 'described', text: 'A settings window with a gear button and a Save button.' });
    const body = server.requests.at(-1)?.body ?? {};
    expect(imagesIn(provider, body)).toHaveLength(1);
    expect(body.tools).toBeUndefined();
    expect(body.response_format).toBeUndefined();
    expect(body.format).toBeUndefined();
  });

  it('sends no picture when none is given', async () => {
    server.script = () => ({ plan: { intent: 'click_element', element: { label: 'Send' } } });
    await createPlanner(loopbackConfig(provider, server.baseURL)).plan({ conversation: [{ kind: 'user', text: 'click Send' }] });
    expect(imagesIn(provider, server.requests.at(-1)?.body ?? {})).toEqual([]);
  });
});
