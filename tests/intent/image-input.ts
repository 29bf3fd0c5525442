/**
 * Reading a screen picture back out of a request to a loopback LLM server, in each protocol's own
 * image input: Anthropic's image block (base64 source), OpenAI's image_url data URL, Ollama's
 * message `images`. Also the planner config each provider's SDK needs to reach its loopback server.
 */
import type { PlannerConfig } from '../../src/intent/providers/create-planner.js';
import type { LlmProvider } from './llm-loopback.js';

export const LOOPBACK_KEY = 'sk-test-vision-0123456789abcdef';

export function loopbackConfig(provider: LlmProvider, baseURL: string): PlannerConfig {
  if (provider === 'ollama') return { provider, host: baseURL, model: 'qwen2.5vl' };
  return provider === 'anthropic'
    ? { provider, baseURL, apiKey: LOOPBACK_KEY, model: 'claude-sonnet-4-5' }
    : { provider, baseURL, apiKey: LOOPBACK_KEY, model: 'gpt-4.1' };
}

type Message = { role?: string; content?: unknown; images?: unknown };

/** The images a request carried, base64, with the text they were sent with; every message looked at. */
export function imagesIn(provider: LlmProvider, body: Record<string, unknown>): { base64: string; mediaType: string; text: string }[] {
  const messages = (Array.isArray(body.messages) ? body.messages : []) as Message[];
  const out: { base64: string; mediaType: string; text: string }[] = [];
  for (const m of messages) {
    if (provider === 'ollama') {
      for (const image of Array.isArray(m.images) ? (m.images as string[]) : []) out.push({ base64: image, mediaType: 'image/png', text: String(m.content) });
      continue;
    }
    const blocks = Array.isArray(m.content) ? (m.content as Record<string, unknown>[]) : [];
    const text = blocks.flatMap((b) => (b.type === 'text' ? [String(b.text)] : [])).join('\n');
    for (const b of blocks) {
      if (provider === 'anthropic' && b.type === 'image') {
        const source = b.source as { type: string; media_type: string; data: string };
        if (source.type === 'base64') out.push({ base64: source.data, mediaType: source.media_type, text });
      }
      if (provider === 'openai' && b.type === 'image_url') {
        const url = /^data:([^;]+);base64,(.*)$/s.exec((b.image_url as { url: string }).url);
        if (url) out.push({ base64: url[2] ?? '', mediaType: url[1] ?? '', text });
      }
    }
  }
  return out;
}
