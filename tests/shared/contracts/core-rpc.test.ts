// The main ↔ core calls over a real MessageChannel (the utilityProcess link is the same shape).
import { MessageChannel } from 'node:worker_threads';
import { closePorts, portLink } from '../../support/port-link.js';
import { afterEach, describe, expect, it } from 'vitest';
import { RemoteError, RpcClosedError, RpcPeer } from '../../../src/shared/contracts/core-rpc.js';

afterEach(() => {
  closePorts();
});

class InvalidPayloadError extends Error {}

describe('RpcPeer over a MessageChannel', () => {
  it('calls both ways, carries values and notifications, and keeps a remote error’s name and sentence', async () => {
    const { port1, port2 } = new MessageChannel();
    const events: unknown[] = [];
    const main = new RpcPeer(portLink(port1), {
      'permissions:check': async (kinds: string[]) => kinds.map((kind) => ({ kind, state: 'granted' })),
      'assistant:event': (event: unknown) => events.push(event),
    });
    const core = new RpcPeer(portLink(port2), {
      'panel:request': async (channel: string, args: unknown[]) => {
        if (channel !== 'command:run') throw new InvalidPayloadError(`Invalid payload for ${channel}.`);
        core.notify('assistant:event', { type: 'status', status: 'thinking' });
        const permissions = await core.call('permissions:check', ['accessibility']);
        return { outcome: 'done', message: `ran ${String(args[0])}`, permissions };
      },
    });
    await expect(main.call('panel:request', 'command:run', ['click Send'])).resolves.toEqual({
      outcome: 'done',
      message: 'ran click Send',
      permissions: [{ kind: 'accessibility', state: 'granted' }],
    });
    expect(events).toEqual([{ type: 'status', status: 'thinking' }]);
    const error = await main.call('panel:request', 'keys:save', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).remoteName).toBe('InvalidPayloadError');
    expect((error as RemoteError).message).toBe('Invalid payload for keys:save.');
    await expect(main.call('no:such')).rejects.toThrow('No handler for no:such.');
  });

  it('ignores and reports a malformed message; never calls an inherited property', async () => {
    const { port1, port2 } = new MessageChannel();
    const bad: string[] = [];
    new RpcPeer(portLink(port1), {}, (why) => bad.push(why));
    port2.postMessage({ kind: 'call', id: -1, method: 'x', args: [] });
    port2.postMessage('hello');
    const other = new RpcPeer(portLink(port2), {});
    await expect(other.call('constructor')).rejects.toThrow('No handler for constructor.');
    expect(bad).toHaveLength(2);
  });

  it('rejects every waiting call with the given sentence when the link closes', async () => {
    const { port1, port2 } = new MessageChannel();
    const main = new RpcPeer(portLink(port1), {});
    new RpcPeer(portLink(port2), { slow: () => new Promise(() => undefined) });
    const waiting = main.call('slow');
    main.close('The assistant stopped unexpectedly.');
    await expect(waiting).rejects.toBeInstanceOf(RpcClosedError);
    await expect(waiting).rejects.toThrow('The assistant stopped unexpectedly.');
    await expect(main.call('slow')).rejects.toThrow('The assistant stopped unexpectedly.');
  });
});
