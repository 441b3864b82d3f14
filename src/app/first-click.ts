/**
 * The first click counts (issue 43): a rendered page's earliest script (src/server/static.ts puts it
 * `async` in the head, a file of the page's own origin: the CSP allows no inline script). Until the
 * app has taken the page over (`shell--waking`, src/app/components/Layout.tsx) the page is the
 * server's HTML, and React may already be hydrating it: an event that reached React then would act
 * on a page it has not taken over (a link's click moved the app on in the middle of hydration,
 * React's "hydration failed"; a quantity typed showed and did not count). So, at the document in
 * the capture phase, before the app's root:
 * - a click on a link goes to the browser alone, which asks the server for the next page;
 * - buttons and fields take no input (typing, ticking, opening a select); Tab and Escape move on;
 * - what would have acted — a click or Enter/Space on a button, a checkbox or a radio, Enter in a
 *   field of a form, a submit — is recorded, once per control: the control says it waits
 *   (`aria-busy`, the progress pointer of `shell--waking`), a second click on it is ignored;
 * - once the page's own part is the app's (`PageHydrated` sends `shop-hydrated`,
 *   src/app/hydration.ts) the recorded actions are replayed in order on the same elements (found
 *   again by their path from the nearest element with an id, should React have replaced them),
 *   exactly once, and only if the visitor is still on the address where they acted.
 * A changed field keeps its value in the page: the app takes it from there (the language select,
 * src/app/components/Header.tsx). Nothing here changes the layout.
 */
interface Held {
  el: Element;
  /** the nearest ancestor's id ('' for <html>) and the element's path below it, by child index */
  id: string;
  path: number[];
  href: string;
  mark: boolean;
}

const doc = document;
const TYPES = ['beforeinput', 'input', 'change', 'keydown', 'mousedown', 'click', 'paste', 'drop', 'submit'];
const held: Held[] = [];
const listen = (on: boolean) => {
  for (const type of TYPES) (on ? doc.addEventListener : doc.removeEventListener).call(doc, type, guard, true);
};

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
  event.preventDefault();
  event.stopPropagation();
  // what the browser would have done with the event: a press of the control, or a form's submit
  const press = event.type === 'click' || key === 'Enter' || key === ' ';
  const el = form
    ? target
    : press && control?.matches('button,[type=checkbox],[type=radio],[type=submit]')
      ? control
      : key === 'Enter' && control instanceof HTMLInputElement
        ? control.form
        : null;
  if (!el || held.some((h) => h.el === el)) return;
  const path: number[] = [];
  let at = el;
  for (; !at.id && at.parentElement; at = at.parentElement) path.unshift([...at.parentElement.children].indexOf(at));
  const mark = !el.hasAttribute('aria-busy');
  if (mark) el.setAttribute('aria-busy', 'true');
  held.push({ el, id: at.id, path, href: location.href, mark });
}

listen(true);
doc.addEventListener(
  'shop-hydrated',
  () =>
    setTimeout(() => {
      listen(false);
      for (const { el, id, path, href, mark } of held.splice(0)) {
        if (mark) el.removeAttribute('aria-busy');
        let found: Element | null | undefined = el.isConnected ? el : id ? doc.getElementById(id) : doc.documentElement;
        if (found !== el) for (const i of path) found = found?.children[i];
        if (!found || found.tagName !== el.tagName || href !== location.href) continue;
        if (found instanceof HTMLFormElement) found.requestSubmit();
        else if (found instanceof HTMLElement) found.click();
      }
    }),
  { once: true },
);

// a module to TypeScript (its names stay its own); esbuild wraps it in a function
export {};
