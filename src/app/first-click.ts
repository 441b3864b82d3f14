/**
 * The first click counts (issue 43): a rendered page's earliest script (src/server/static.ts puts it
 * in the head, where it runs before anything of the body shows, a file of the page's own origin:
 * the CSP allows no inline script). Until the
 * app has taken the page over (`shell--waking`, src/app/components/Layout.tsx) the page is the
 * server's HTML, and React may already be hydrating it: an event that reached React then would act
 * on a page it has not taken over (a link's click moved the app on in the middle of hydration,
 * React's "hydration failed"; a quantity typed showed and did not count). So, at the document in
 * the capture phase, before the app's root, nothing reaches the app early, and nothing is lost:
 * - a click on a link goes to the browser alone, which asks the server for the next page;
 * - a field (text, number, select) takes what the visitor types or chooses, as the browser does;
 *   the app is told of its new value once it is there, as if it had been typed then;
 * - a click or Enter/Space on a button, a checkbox or a radio, Enter in a field of a form, a submit
 *   are recorded, once per control: the control says it waits (`aria-busy`, the progress pointer
 *   of `shell--waking`), a second click on it is ignored;
 * - the keys that move within a control (the calendar's arrows, Home, End, Page Up/Down) are
 *   recorded each time; Tab and Escape move on as always;
 * - once the page's own part is the app's (`PageHydrated` sends `shop-hydrated`,
 *   src/app/hydration.ts) what was recorded is replayed in order: a press on the same element
 *   (found again by its path from the nearest element with an id of the page's own markup, should React have replaced it or rendered the page anew),
 *   a key where the keyboard's focus is then (the arrows have moved it), a field's value as its
 *   input and change — each exactly once, and only if the visitor is still on the address where
 *   they acted.
 * Nothing here changes the layout.
 */
interface Found {
  el: Element;
  /** the nearest ancestor's own id (not React's, see MADE; '' for <html>) and the element's path below it, by child index */
  id: string;
  path: number[];
  text: string | null;
}
/** What was held: a press (`mark`: it set aria-busy; `byKey`: Enter or Space), a field's value, or a moving key. */
interface Held extends Found {
  href: string;
  press?: { mark: boolean; byKey: boolean };
  value?: string;
  key?: KeyboardEventInit;
}

const doc = document;
const held: Held[] = [];
/** Inputs that are pressed, not typed in (the rest, a select and a textarea are fields). */
const PRESSED = /^(button|checkbox|radio|submit|reset|image|file)$/;
const MOVES = /^(Arrow|Home$|End$|Page)/;
const listen = (on: boolean) => {
  for (const type of ['beforeinput', 'input', 'change', 'keydown', 'mousedown', 'click', 'paste', 'drop', 'submit'])
    self[on ? 'addEventListener' : 'removeEventListener'](type, guard, true);
};

/**
 * An id React made (`useId`: `_R_…_` on the server, `_r_…_` in the browser, React 19.2 on; the
 * first-click browser test fails should a new React write them otherwise) is not the same when the
 * page is rendered anew rather than hydrated (a visitor with a cart): the path starts from an id
 * the page's own markup names.
 */
const MADE = /^_r_/i;

function where(el: Element): Found {
  const path: number[] = [];
  let at = el;
  for (; !(at.id && !MADE.test(at.id)) && at.parentElement; at = at.parentElement) path.unshift([...at.parentElement.children].indexOf(at));
  return { el, id: at.id, path, text: el instanceof HTMLFormElement ? null : el.textContent };
}

/** The element recorded, or the one that took its place at the same path (same tag, same text). */
function again({ el, id, path, text }: Found): Element | null {
  let found: Element | null | undefined = el.isConnected ? el : id ? doc.getElementById(id) : doc.documentElement;
  if (found !== el) for (const i of path) found = found?.children[i];
  return found && found.tagName === el.tagName && (text === null || found.textContent === text) ? found : null;
}

function guard(event: Event): void {
  // the app has the page and nothing waits: from now on it hears everything (a page the server did
  // not render has no shell--waking). With something held, it goes on holding until the replay,
  // a task after the app took over: a press made then must not overtake what was typed before.
  if (!held.length && !doc.querySelector('.shell--waking')) return listen(false);
  const { target, type } = event;
  if (!(target instanceof Element)) return;
  const key = event instanceof KeyboardEvent ? event.key : '';
  const control = target.closest<HTMLInputElement>('input,select,textarea,button');
  const form = type === 'submit';
  if (!control && !form) {
    if (type === 'click' && target.closest('a[href]')) event.stopPropagation();
    return;
  }
  if (key === 'Tab' || key === 'Escape') return;
  event.stopPropagation();
  const href = location.href;
  const field = control && !PRESSED.test(control.type);
  if (field && !(key === 'Enter' && control.tagName === 'INPUT')) {
    // the browser types and chooses; the app hears of the value once it is there
    if (type === 'input' || type === 'change') {
      // one entry per run of typing: a press in between keeps the value it was made with
      const last = held[held.length - 1];
      if (last?.el === control && last.value !== undefined) last.value = control.value;
      else held.push({ ...where(control), value: control.value, href });
    }
    return;
  }
  event.preventDefault();
  if (MOVES.test(key)) {
    // the event itself serves as the new one's init: its key, code, modifiers, bubbles and cancelable
    held.push({ ...where(target), key: event as KeyboardEvent, href });
    return;
  }
  // what the browser would have done with the event: a press of the control, or a form's submit
  const el = form ? target : field ? control.form : type === 'click' || key === 'Enter' || key === ' ' ? control : null;
  if (!el || held.some((h) => h.press && h.el === el)) return;
  const mark = !el.hasAttribute('aria-busy');
  if (mark) el.setAttribute('aria-busy', 'true');
  held.push({ ...where(el), press: { mark, byKey: !!key }, href });
}

/** A field's value as if typed now: set past React's record of the last value, then its input and change. */
function type(el: Element, value: string): void {
  (el as HTMLInputElement).value = value === '' ? '0' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, value);
  for (const name of ['input', 'change']) el.dispatchEvent(new Event(name, { bubbles: true }));
}

async function replay(): Promise<void> {
  listen(false);
  let moved = false;
  for (const entry of held.splice(0)) {
    // what the last one set off (a state, the focus moved by an effect) has happened
    if (moved) await new Promise((next) => setTimeout(next, 10));
    if (entry.press?.mark) entry.el.removeAttribute('aria-busy');
    if (entry.href !== location.href) continue;
    const focus = doc.activeElement;
    // a key goes where the keyboard is now (the arrows replayed before may have moved it); the first where it was pressed
    const el = moved && focus && (entry.key ? focus !== doc.body : entry.press?.byKey && focus.matches('button')) ? focus : again(entry);
    if (entry.key) {
      el?.dispatchEvent(new KeyboardEvent('keydown', entry.key));
      moved = true;
    } else if (el) {
      if (entry.value !== undefined) type(el, entry.value);
      else if (el instanceof HTMLFormElement) el.requestSubmit();
      else if (el instanceof HTMLElement) el.click();
    }
  }
}

listen(true);
doc.addEventListener('shop-hydrated', () => setTimeout(() => void replay()), { once: true });

// a module to TypeScript (its names stay its own); esbuild wraps it in a function
export {};
