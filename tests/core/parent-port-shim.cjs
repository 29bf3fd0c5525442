// Loaded with `node --require` before the core bundle: stands in for Electron's process.parentPort
// (a utilityProcess's link to main) over Node's own IPC channel, so the built bundle runs for real.
'use strict';
const listeners = new Map();
process.parentPort = {
  postMessage: (message) => process.send(message),
  on: (event, listener) => {
    const wrapped = (message) => listener({ data: message });
    listeners.set(listener, wrapped);
    process.on(event, wrapped);
  },
  off: (event, listener) => {
    process.off(event, listeners.get(listener));
    listeners.delete(listener);
  },
};
