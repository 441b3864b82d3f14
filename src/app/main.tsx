/**
 * Browser entry, bundled by build.mjs: builds the shell (composition root in ./services.ts) and
 * renders it. Nothing of the shop renders before the remote config has arrived.
 *
 * A page the server rendered with its content carries the answers its render used
 * (#shop-render): ./hydrate.tsx, loaded only then, continues from the server's markup.
 */
import { createRoot } from 'react-dom/client';
import './styles.css';
import { createShell } from './services.js';
import { App } from './App.js';

const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
// the id of RENDER_STATE_ELEMENT_ID (./render-state.ts), written out: its schema stays out of this file
const rendered = document.getElementById('shop-render');

if (rendered) {
  void import('./hydrate.js').then(({ hydrate }) => hydrate(container, rendered.textContent));
} else {
  createRoot(container).render(<App shell={createShell()} />);
}
