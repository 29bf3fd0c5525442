// Run by input-driver.test.ts in a process without a display: a click must come back as a
// "no display" failure (nut-js, if loaded and called here, would crash the process with SIGSEGV).
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import type { AccessibilityDriver } from '../../src/execution/engine-types.js';

// No accessibility bus either: the bridge is the seam that cannot run in this process.
const unavailable = (): Promise<never> => Promise.reject(new Error('no accessibility bus in this test process'));
const bridge: AccessibilityDriver = {
  frontmostApp: unavailable,
  runningApps: unavailable,
  launchApp: unavailable,
  snapshot: unavailable,
  performAction: unavailable,
  setValue: unavailable,
  readValue: unavailable,
  insertText: unavailable,
  activateApp: unavailable,
};
const engine = new ExecutionEngine({ bridge, input: createNutInputDriver() });
const result = await engine.clickAt({ x: 10, y: 10 }, 1);
console.log(JSON.stringify(result));
