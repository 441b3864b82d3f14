// @vitest-environment happy-dom
/**
 * The flow viewer shows each machine's chart and follows the live actor: the active state's
 * node in the SVG is marked, and the "Now:" line says where the flow is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { createActor, fromPromise } from 'xstate';
import { FlowViewer } from '../../src/app/flows/FlowViewer.js';
import { registerLiveActor } from '../../src/app/flows/registry.js';
import { staticPageMachine } from '../../machines/static-page.machine.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(cleanup);

describe('flow viewer', () => {
  it('highlights the state the live actor is in and follows it', async () => {
    let resolve: (page: { id: string; title: string; html: string }) => void = () => {};
    const actor = createActor(
      staticPageMachine.provide({
        actors: { loadStaticPage: fromPromise(() => new Promise((r) => (resolve = r))) },
      }),
      { input: { id: 'imprint' } },
    ).start();
    const unregister = registerLiveActor('static-page', actor);
    await import('../../src/app/flows/charts.generated.js');
    let container!: HTMLElement;
    await act(async () => {
      container = render(createElement(FlowViewer, { machines: ['static-page', 'app'] })).container;
      await new Promise((r) => setTimeout(r, 50));
    });

    await waitFor(() => expect(screen.getByTestId('flow-state-static-page').textContent).toBe('Now: Loading page'), { timeout: 15_000 });
    expect(screen.getByTestId('flow-state-app').textContent).toBe('No live actor');
    const node = (id: string) => container.querySelector(`g[id="state:${id}"]`);
    expect(node('staticPage.Loading page')?.hasAttribute('data-active')).toBe(true);
    expect(node('staticPage.Showing page')?.hasAttribute('data-active')).toBe(false);

    await act(async () => {
      resolve({ id: 'imprint', title: 'Imprint', html: '<p>x</p>' });
      await new Promise((r) => setTimeout(r, 0));
    });
    await waitFor(() => expect(screen.getByTestId('flow-state-static-page').textContent).toBe('Now: Showing page'));
    expect(node('staticPage.Showing page')?.hasAttribute('data-active')).toBe(true);
    expect(node('staticPage.Loading page')?.hasAttribute('data-active')).toBe(false);

    act(() => unregister());
    await waitFor(() => expect(screen.getByTestId('flow-state-static-page').textContent).toBe('No live actor'));
    actor.stop();
  });
});
