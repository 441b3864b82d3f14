/**
 * Browser entry, bundled by build.mjs: builds the shell (composition root in ./services.ts) and
 * renders it. Nothing of the shop renders before the remote config has arrived.
 */
import { createRoot } from 'react-dom/client';
import './styles.css';
import { createShell } from './services.js';
import { App } from './App.js';

const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
const shell = createShell();
createRoot(container).render(<App shell={shell} />);
