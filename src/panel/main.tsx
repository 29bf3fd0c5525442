/** The panel's entry point: renders the App over the API the preload exposed. */
import { render } from 'preact';
import type { PanelApi } from '../shared/contracts/ipc-contract.js';
import { App } from './app.js';

declare global {
  interface Window {
    readonly assistiveControl?: PanelApi;
  }
}

const root = document.getElementById('root');
const api = window.assistiveControl;
if (root && api) render(<App api={api} />, root);
else if (root) root.textContent = 'The assistant is not connected. Restart Assistive Control.';
