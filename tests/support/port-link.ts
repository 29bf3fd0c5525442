// A MessageLink over a worker_threads MessagePort (the same shape as Electron's utilityProcess link),
// and the closing of every port a test file opened.
import type { MessagePort } from 'node:worker_threads';
import type { MessageLink } from '../../src/shared/contracts/core-rpc.js';

const opened: MessagePort[] = [];

export function portLink(port: MessagePort): MessageLink {
  opened.push(port);
  return {
    post: (message) => port.postMessage(message),
    onMessage: (listener) => {
      port.on('message', listener);
      return () => port.off('message', listener);
    },
  };
}

export function closePorts(): void {
  for (const p of opened.splice(0)) p.close();
}
