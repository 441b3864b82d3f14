/**
 * Browser entry. Bundled by build.mjs. Mounts the shell (see ./root.tsx once present).
 */
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
createRoot(container).render(<p>Loading…</p>);
