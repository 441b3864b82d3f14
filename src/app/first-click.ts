/**
 * The first click counts (issue 43): a rendered page's earliest script (src/server/static.ts puts it
 * `async` in the head, a file of the page's own origin: the CSP allows no inline script). Until the
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
 *   (found again by its path from the nearest element with an id, should React have replaced it),
 *   a key where the keyboard's focus is then (the arrows have moved it), a field's value as its
 *   input and change — each exactly once, and only if the visitor is still on the address where
 *   they acted.
 * Nothing here changes the layout.
 */
interface Found {
  el: Element;
  /** the nearest ancestor's id ('' for <html>) and the element's path below it, by child index */
  id: string;
  path: number[];
  text: string | null;
}
type Held =
  | (Found & { kind: 'press'; mark: boolean; byKey: boolean; href: string })
  | (Found & { kind: 'value'; value: string; href: string })
  | (Found & { kind: 'key'; init: KeyboardEventInit; href: string });

const doc = document;
const TYPES = ['beforeinput', 'input', 'change', 'keydown', 'mousedown', 'click', 'paste', 'drop', 'submit'];
const MOVES = /^(Arrow|Home$|End$|Page)/;
const FIELD = 'select,textarea,input:not([type=button],[type=checkbox],[type=radio],[type=submit],[type=reset],[type=image],[type=file])';
const held: Held[] = [];
const listen = (on: boolean) => {
  for (const type of TYPES) (on ? doc.addEventListener : doc.removeEventListener).call(doc, type, guard, true);
};

function where(el: Element): Found {
  const path: number[] = [];
  let at = el;
  for (; !at.id && at.parentElement; at = at.parentElement) path.unshift([...at.parentElement.children].indexOf(at));
  return { el, id: at.id, path, text: el instanceof HTMLFormElement ? null : el.textContent };
}

/** The element recorded, or the one that took its place at the same path (same tag, same text). */
function again({ el, id, path, text }: Found): Element | null {
  let found: Element | null | undefined = el.isConnected ? el : id ? doc.getElementById(id) : doc.documentElement;
  if (found !== el) for (const i of path) found = found?.children[i];
  return found && found.tagName === el.tagName && (text === null || found.textContent === text) ? found : null;
}

function guard(event: Event): void {
  if (!doc.querySelector('.shell--waking')) return listen(false);
  const target = event.target;
  if (!(target instanceof Element)) return;
  const key = event instanceof KeyboardEvent ? event.key : '';
  const control = target.closest('input,select,textarea,button');
  const form = event.type === 'submit';
  if (!control && !form) {
    if (event.type === 'click' && target.closest('a[href]')) event.stopPropagation();
    return;
  }
  if (key === 'Tab' || key === 'Escape') return;
  event.stopPropagation();
  const href = location.href;
  if (control?.matches(FIELD) && !(key === 'Enter' && control instanceof HTMLInputElement)) {
    // the browser types and chooses; the app hears of the value once it is there
    if ((event.type === 'input' || event.type === 'change') && 'value' in control) {
      // one entry per run of typing: a press in between keeps the value it was made with
      const entry = held[held.length - 1];
      if (entry?.kind === 'value' && entry.el === control) entry.value = String(control.value);
      else held.push({ kind: 'value', ...where(control), value: String(control.value), href });
    }
    return;
  }
  event.preventDefault();
  if (key && MOVES.test(key)) {
    const { code, shiftKey, altKey, ctrlKey, metaKey } = event as KeyboardEvent;
    held.push({ kind: 'key', ...where(target), init: { key, code, shiftKey, altKey, ctrlKey, metaKey, bubbles: true, cancelable: true }, href });
    return;
  }
  // what the browser would have done with the event: a press of the control, or a form's submit
  const press = event.type === 'click' || key === 'Enter' || key === ' ';
  const el = form
    ? target
    : press && control?.matches('button,[type=checkbox],[type=radio],[type=submit]')
      ? control
      : key === 'Enter' && control instanceof HTMLInputElement
        ? control.form
        : null;
  if (!el || held.some((h) => h.kind === 'press' && h.el === el)) return;
  const mark = !el.hasAttribute('aria-busy');
  if (mark) el.setAttribute('aria-busy', 'true');
  held.push({ kind: 'press', ...where(el), mark, byKey: !!key, href });
}

/** A field's value as if typed now: set past React's record of the last value, then its input and change. */
function type(el: Element, value: string): void {
  const field = el as HTMLInputElement;
  field.value = value === '' ? '0' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, value);
  for (const name of ['input', 'change']) el.dispatchEvent(new Event(name, { bubbles: true }));
}

async function replay(): Promise<void> {
  listen(false);
  let moved = false;
  for (const entry of held.splice(0)) {
    // what the last one set off (a state, the focus moved by an effect) has happened
    if (moved) await new Promise((next) => setTimeout(next, 10));
    if (entry.kind === 'press' && entry.mark) entry.el.removeAttribute('aria-busy');
    if (entry.href !== location.href) continue;
    const focus = doc.activeElement;
    if (entry.kind === 'key') {
      // the first where it was pressed, the next where the keyboard is then (the first has moved it)
      (moved && focus && focus !== doc.body ? focus : again(entry))?.dispatchEvent(new KeyboardEvent('keydown', entry.init));
      moved = true;
      continue;
    }
    // a key pressed on a control goes where the keyboard is now (arrows replayed before may have moved it)
    const el = entry.kind === 'press' && entry.byKey && moved && focus?.matches('button') ? focus : again(entry);
    if (!el) continue;
    if (entry.kind === 'value') type(el, entry.value);
    else if (el instanceof HTMLFormElement) el.requestSubmit();
    else if (el instanceof HTMLElement) el.click();
  }
}

listen(true);
doc.addEventListener('shop-hydrated', () => setTimeout(() => void replay()), { once: true });

// a module to TypeScript (its names stay its own); esbuild wraps it in a function
export {};
