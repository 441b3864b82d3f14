/**
 * Flow viewer entry for the app. Import this eagerly: it holds only the actor registry and a
 * lazy component; the charts load when the viewer first renders.
 */
import { lazy } from 'react';

export { registerLiveActor, useLiveActors } from './registry.js';
export const LazyFlowViewer = lazy(() => import('./FlowViewer.js'));
