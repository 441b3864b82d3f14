/**
 * The charts show a designer what the browser replays prove (issue 24): an arrow of a transition
 * tests/replay/results/<machine>.json lists as taken is drawn as proven (thick and green, class
 * `proven`), one it lists as not taken is not, and a chart of a machine without replays claims no
 * browser proof at all. Reads the generated statecharts/*.svg, as the flow viewer shows them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkoutMachine } from '../../machines/checkout.machine.js';
import { toDot, transitionId } from '../../src/tools/charts.js';
import { readResults } from '../replay/results.js';

const dir = fileURLToPath(new URL('../../statecharts/', import.meta.url));
const decode = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&amp;/g, '&');

/** The arrows of a chart: SVG id → whether it is drawn as proven (class and a thick stroke). */
function arrows(machine: string): Map<string, { proven: boolean; thick: boolean }> {
  const svg = readFileSync(`${dir}${machine}.svg`, 'utf8');
  const out = new Map<string, { proven: boolean; thick: boolean }>();
  for (const m of svg.matchAll(/<g id="(transition:[^"]*)" class="([^"]*)">([\s\S]*?)<\/g>/g)) {
    out.set(decode(m[1]!), { proven: m[2]!.split(' ').includes('proven'), thick: /<path [^>]*stroke-width="2\.5"/.test(m[3]!) });
  }
  return out;
}

/** Machines whose browser replays recorded what they took (tests/replay/results), and the others. */
const machines = readdirSync(fileURLToPath(new URL('../../machines/', import.meta.url)))
  .filter((f) => f.endsWith('.machine.ts'))
  .map((f) => f.replace(/\.machine\.ts$/, ''));
const replayed = machines.filter((m) => readResults(m) !== null);
const notReplayed = machines.filter((m) => readResults(m) === null);

it('reads the replays of at least the checkout and the ticket page', () => {
  expect(replayed).toEqual(expect.arrayContaining(['checkout', 'eventTicketing']));
});

describe.each(replayed)('statecharts/%s.svg (a machine with browser replays)', (machine) => {
  const results = readResults(machine)!;
  const drawn = arrows(machine);
  // the chart names its arrows by the machine's id (static-page's is staticPage)
  const id = /<g id="state:([^".]+)" class="cluster">/.exec(readFileSync(`${dir}${machine}.svg`, 'utf8'))![1]!;
  const arrowOf = (name: string) => drawn.get(transitionId(id, name));

  it('draws every arrow the replays took as proven: green class and a thick line', () => {
    const taken = results.taken.filter((name) => arrowOf(name));
    expect(taken.length).toBeGreaterThan(0);
    expect(taken.filter((name) => !arrowOf(name)!.proven || !arrowOf(name)!.thick)).toEqual([]);
  });

  it('draws no arrow the replays did not take as proven', () => {
    const takenIds = new Set(results.taken.map((name) => transitionId(id, name)));
    const provenNotTaken = [...drawn].filter(([id, a]) => (a.proven || a.thick) && !takenIds.has(id)).map(([id]) => id);
    expect(provenNotTaken).toEqual([]);
    const notTaken = results.notTaken.map((n) => n.transition).filter((name) => arrowOf(name));
    expect(notTaken.filter((name) => arrowOf(name)!.proven || arrowOf(name)!.thick)).toEqual([]);
  });

  it('says in words what the two kinds of line mean', () => {
    const svg = readFileSync(`${dir}${machine}.svg`, 'utf8');
    expect(svg).toContain('proven in the browser');
    expect(svg).toContain('checked by the model test only');
  });
});

it('underlines, in a state\'s box, an event the replays took and not one they did not take', () => {
  const svg = readFileSync(`${dir}checkout.svg`, 'utf8');
  const listed = (text: string) => [...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)].filter((m) => m[2] === text).map((m) => m[1]!.includes('text-decoration="underline"'));
  // (checkout) --CART_CHANGED--> (stays) is taken, and drawn as a row of the checkout's box
  const self = '(checkout) --CART_CHANGED--> (stays)';
  const taken = readResults('checkout')!.taken;
  expect(taken).toContain(self);
  expect(listed('CART_CHANGED')).toEqual([true]);
  // the same chart from replays that did not take it: the row is there, plain
  const without = toDot(checkoutMachine, new Set(taken.filter((name) => name !== self)));
  expect(toDot(checkoutMachine, new Set(taken))).toContain('<u>CART_CHANGED</u>');
  expect(without).not.toContain('<u>CART_CHANGED</u>');
  expect(without).toContain('>CART_CHANGED<');
});

describe.each(notReplayed)('statecharts/%s.svg (a machine without browser replays)', (machine) => {
  it('is drawn as before: no arrow proven, no legend claiming browser proof', () => {
    const svg = readFileSync(`${dir}${machine}.svg`, 'utf8');
    expect(svg).not.toContain('proven');
    expect(svg).not.toContain('stroke-width="2.5"');
    expect(svg).not.toContain('text-decoration="underline"');
  });
});
