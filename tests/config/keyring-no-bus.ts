/**
 * Run as a child process by secret-store.test.ts with DBUS_SESSION_BUS_ADDRESS pointing nowhere:
 * the keyring library connects to D-Bus once per process, so "no bus at all" needs a fresh one.
 * Prints the store's answers as one JSON line.
 */
import { createSecretStore, napiKeyringBackend } from '../../src/config/secret-store.js';

const store = createSecretStore({ backend: napiKeyringBackend('com.assistivecontrol.app.test') });
const set = await store.setKey('openai', 'sk-would-go-to-kernel-keyring');
const status = await store.status('openai');
process.stdout.write(`${JSON.stringify({ set, status })}\n`);
