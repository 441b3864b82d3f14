/**
 * The flow viewer for designers: every machine's statechart (the Graphviz SVG generated into
 * charts.generated.ts by `npm run statecharts`) with the states its live actor is in
 * highlighted. Open it with `?flows` on any page or at /{lang}/__flows, then click through the
 * shop and watch the charts follow.
 *
 * Everything heavy (the SVGs, DOMPurify) is in this lazily loaded module and the chart module it
 * imports on first render, never in the home page bundle.
 */
import { Suspense, use, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
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
.flow-viewer .flow-open { min-height: 24px; margin: 0 0 0.5rem; }
.flow-full { width: 100vw; height: 100vh; max-width: none; max-height: none; margin: 0; padding: 0; border: 0; background: #fff; }
.flow-full[open] { display: grid; grid-template-rows: auto 1fr; }
.flow-full::backdrop { background: rgb(15 23 42 / 0.6); }
.flow-full__bar { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; padding: 0.5rem 0.75rem; border-bottom: 1px solid #cbd5e1; }
.flow-full__bar h2 { margin: 0 auto 0 0; font-size: 1.1rem; }
.flow-full__bar button { min-width: 2.5rem; min-height: 2.5rem; font: inherit; }
.flow-full__bar button:focus-visible, .flow-full__stage:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.flow-full__stage { position: relative; overflow: hidden; cursor: grab; touch-action: none; }
.flow-full__stage:active { cursor: grabbing; }
.flow-full__canvas { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
.flow-full__canvas svg { max-width: none; height: auto; display: block; }
`;

/** Marks the state nodes (`g#state:<id>`) of the active states in a rendered chart. */
function highlight(container: HTMLElement | null, active: readonly string[]): void {
  const wanted = new Set(active.map((id) => `state:${id}`));
  for (const g of container?.querySelectorAll<SVGGElement>('g[id^="state:"]') ?? []) {
    if (wanted.has(g.id)) g.setAttribute('data-active', '');
    else g.removeAttribute('data-active');
  }
}

export const MIN_SCALE = 0.25;
export const MAX_SCALE = 8;
const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

interface View {
  scale: number;
  x: number;
  y: number;
}

/**
 * One chart full size in a modal dialog (focus stays inside, Escape closes and returns focus to
 * the opener): zoom with the buttons, + and -, 0 for actual size, the mouse wheel (around the
 * pointer); pan by dragging or with the arrow keys. The SVG is scaled as a vector, so labels stay
 * sharp; at 100 % they have Graphviz's own size (14 pt).
 */
function FullSize({ name, svg, active, onClose }: { name: string; svg: string; active: readonly string[]; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 16, y: 16 });
  useLayoutEffect(() => {
    const d = dialog.current;
    if (d && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
    stage.current?.focus();
  }, []);
  useLayoutEffect(() => highlight(canvas.current, active), [active, svg]);

  const zoomAt = (factor: number, cx: number, cy: number) =>
    setView((v) => {
      const scale = clampScale(v.scale * factor);
      const k = scale / v.scale;
      return { scale, x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k };
    });
  const centre = () => {
    const r = stage.current?.getBoundingClientRect();
    return r ? [r.width / 2, r.height / 2] as const : ([0, 0] as const);
  };
  const zoom = (factor: number) => zoomAt(factor, ...centre());
  const pan = (dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
  const fit = () => {
    const box = stage.current?.getBoundingClientRect();
    const chart = canvas.current?.querySelector('svg')?.getBoundingClientRect();
    if (!box || !chart || chart.width === 0) return;
    const natural = { w: chart.width / view.scale, h: chart.height / view.scale };
    const scale = clampScale(Math.min((box.width - 32) / natural.w, (box.height - 32) / natural.h));
    setView({ scale, x: 16, y: 16 });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = 60;
    const keys: Record<string, () => void> = {
      '+': () => zoom(1.25),
      '=': () => zoom(1.25),
      '-': () => zoom(0.8),
      '0': () => setView({ scale: 1, x: 16, y: 16 }),
      ArrowLeft: () => pan(step, 0),
      ArrowRight: () => pan(-step, 0),
      ArrowUp: () => pan(0, step),
      ArrowDown: () => pan(0, -step),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    const r = stage.current?.getBoundingClientRect();
    if (!r) return;
    zoomAt(event.deltaY < 0 ? 1.1 : 1 / 1.1, event.clientX - r.left, event.clientY - r.top);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    pan(event.clientX - d.x, event.clientY - d.y);
    drag.current = { id: d.id, x: event.clientX, y: event.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };
  const titleId = `flow-full-${name}`;
  return (
    <dialog ref={dialog} className="flow-full" aria-labelledby={titleId} onClose={onClose} onCancel={onClose} onKeyDown={onKeyDown} data-testid="flow-full">
      <div className="flow-full__bar">
        <h2 id={titleId}>{name}</h2>
        <span aria-live="polite" data-testid="flow-zoom">
          {Math.round(view.scale * 100)} %
        </span>
        <button type="button" aria-label="Zoom out" onClick={() => zoom(0.8)} disabled={view.scale <= MIN_SCALE}>
          −
        </button>
        <button type="button" aria-label="Zoom in" onClick={() => zoom(1.25)} disabled={view.scale >= MAX_SCALE}>
          +
        </button>
        <button type="button" onClick={() => setView({ scale: 1, x: 16, y: 16 })}>
          Actual size
        </button>
        <button type="button" onClick={fit}>
          Fit
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <div
        ref={stage}
        className="flow-full__stage"
        tabIndex={0}
        role="application"
        aria-roledescription="zoomable chart"
        aria-label={`Statechart of ${name}, full size. Plus and minus zoom, 0 shows actual size, arrow keys move the chart, Escape closes.`}
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        data-testid="flow-stage"
      >
        <div
          ref={canvas}
          className="flow-full__canvas"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          data-testid="flow-canvas"
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      </div>
    </dialog>
  );
}

function Chart({ name, svg, active, description }: { name: string; svg: string; active: string[]; description: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const clean = useMemo(
    () => DOMPurify.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: false }, SANITIZE_DOM: false }),
    [svg],
  );
  const opener = useRef<HTMLButtonElement>(null);
  const [full, setFull] = useState(false);
  const activeKey = active.join('|');
  useLayoutEffect(() => {
    highlight(ref.current, active);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeKey, clean]);
  const headingId = `flow-${name}`;
  const close = () => {
    setFull(false);
    // once the modal dialog is gone (inside it the rest of the page cannot take focus)
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <section aria-labelledby={headingId} data-machine={name}>
      <h2 id={headingId}>{name}</h2>
      <p className="flow-state" aria-live="polite" data-testid={`flow-state-${name}`}>
        {description === null ? 'No live actor' : `Now: ${description}`}
      </p>
      <button ref={opener} type="button" className="flow-open" onClick={() => setFull(true)}>
        Open {name} full size
      </button>
      <div ref={ref} role="img" aria-label={`Statechart of ${name}`} dangerouslySetInnerHTML={{ __html: clean }} />
      {full && <FullSize name={name} svg={clean} active={active} onClose={close} />}
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
