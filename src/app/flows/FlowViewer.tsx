/**
 * The flow viewer for designers: every machine's statechart (the Graphviz SVG generated into
 * charts.generated.ts by `npm run statecharts`) with the states its live actor is in
 * highlighted. Open it with `?flows` on any page or at /{lang}/__flows, then click through the
 * shop and watch the charts follow.
 *
 * Everything heavy (the SVGs, DOMPurify) is in this lazily loaded module and the chart module it
 * imports on first render, never in the home page bundle.
 */
import { Suspense, use, useLayoutEffect, useMemo, useRef } from 'react';
import DOMPurify from 'dompurify';
import { useSelector } from '@xstate/react';
import type { AnyActorRef, AnyStateMachine, StateValue } from 'xstate';
import { useLiveActors } from './registry.js';
import { activeStateIds, describeActive } from './active.js';

let chartsPromise: Promise<Record<string, string>> | undefined;
function loadCharts(): Promise<Record<string, string>> {
  chartsPromise ??= import('./charts.generated.js').then((m) => m.charts);
  return chartsPromise;
}

const STYLE = `
.flow-viewer { display: grid; gap: 1.5rem; }
.flow-viewer section { border: 1px solid #cbd5e1; border-radius: 8px; padding: 0.75rem; overflow: auto; background: #fff; }
.flow-viewer h2 { margin: 0 0 0.25rem; font-size: 1.1rem; }
.flow-viewer .flow-state { margin: 0 0 0.5rem; }
.flow-viewer svg { max-width: 100%; height: auto; }
.flow-viewer g.node[data-active] > path, .flow-viewer g.node[data-active] > polygon, .flow-viewer g.node[data-active] > ellipse { fill: #fde68a; stroke: #b45309; stroke-width: 2.5; }
.flow-viewer g.cluster[data-active] > path, .flow-viewer g.cluster[data-active] > polygon { stroke: #b45309; stroke-width: 2.5; }
`;

function Chart({ name, svg, active, description }: { name: string; svg: string; active: string[]; description: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const clean = useMemo(
    () => DOMPurify.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: false }, SANITIZE_DOM: false }),
    [svg],
  );
  const activeKey = active.join('|');
  useLayoutEffect(() => {
    const wanted = new Set(active.map((id) => `state:${id}`));
    for (const g of ref.current?.querySelectorAll<SVGGElement>('g[id^="state:"]') ?? []) {
      if (wanted.has(g.id)) g.setAttribute('data-active', '');
      else g.removeAttribute('data-active');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeKey, clean]);
  const headingId = `flow-${name}`;
  return (
    <section aria-labelledby={headingId} data-machine={name}>
      <h2 id={headingId}>{name}</h2>
      <p className="flow-state" aria-live="polite" data-testid={`flow-state-${name}`}>
        {description === null ? 'No live actor' : `Now: ${description}`}
      </p>
      <div ref={ref} role="img" aria-label={`Statechart of ${name}`} dangerouslySetInnerHTML={{ __html: clean }} />
    </section>
  );
}

function LiveChart({ name, svg, actor }: { name: string; svg: string; actor: AnyActorRef }) {
  const value = useSelector(actor, (s: { value?: StateValue }) => s.value);
  const root = (actor as unknown as { logic?: AnyStateMachine }).logic?.root;
  const active = root && value !== undefined ? activeStateIds(root, value) : [];
  const description = root && value !== undefined ? describeActive(root, value) : '';
  return <Chart name={name} svg={svg} active={active} description={description} />;
}

function Charts({ only }: { only?: string[] }) {
  const charts = use(loadCharts());
  const live = useLiveActors();
  const names = Object.keys(charts).filter((n) => !only || only.includes(n));
  return (
    <div className="flow-viewer">
      <style>{STYLE}</style>
      {names.map((name) => {
        const actor = live.get(name);
        return actor ? (
          <LiveChart key={name} name={name} svg={charts[name]!} actor={actor} />
        ) : (
          <Chart key={name} name={name} svg={charts[name]!} active={[]} description={null} />
        );
      })}
    </div>
  );
}

/** Every machine's chart, live states highlighted. `machines` limits it to some machine names. */
export function FlowViewer({ machines }: { machines?: string[] }) {
  return (
    <Suspense fallback={<p role="status">Loading statecharts…</p>}>
      <Charts {...(machines ? { only: machines } : {})} />
    </Suspense>
  );
}

export default FlowViewer;
