import { createElement, Fragment, useMemo, type ReactNode } from 'react';

/**
 * HTML that comes from the shop API (the cookie notice of `static/content`, the static pages of
 * `static/page/{id}`), rendered as React elements through an allow-list instead of being handed to
 * `innerHTML`. The string is parsed by the browser's DOMParser into an inert document (no script
 * runs, nothing is fetched), then rebuilt: only the elements and attributes below survive, every
 * other attribute (event handlers, `style`, `id`, `class`) is left out, links and images keep their
 * address only when it is a relative one or uses an allowed scheme, and script-like elements are
 * dropped with their content. Unknown elements give way to their content. Nothing of the server's
 * markup ever reaches the DOM as markup, so there is nothing for a script to hide in.
 *
 * This replaces DOMPurify for server HTML: the cookie notice is on a new visitor's first page, and
 * the sanitizer was 10.8 KB of that page's JavaScript (docs/performance.md). DOMPurify stays for
 * the SVG of the statechart viewer, which is markup by nature.
 */

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** Elements kept as they are (the markup of notices and static pages, docs/api.md). */
const KEPT = new Set([
  'a', 'abbr', 'address', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'dd', 'del', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption',
  'figure', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'small', 'span',
  'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul',
]);
/** The page has its own h1 (the title): a heading of level 1 in the content becomes level 2. */
const RENAMED: Readonly<Record<string, string>> = { h1: 'h2' };
/** Dropped with everything inside: code, embedded documents, forms, media and foreign markup. */
const DROPPED = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'head', 'title',
  'link', 'meta', 'base', 'form', 'input', 'button', 'select', 'option', 'textarea', 'video', 'audio', 'source', 'track', 'canvas',
  'dialog', 'slot', 'portal',
]);
/** Elements without content (React refuses children for them). */
const EMPTY = new Set(['br', 'hr', 'img']);
/** Containers whose whitespace between children is not text (React warns about it in tables). */
const NO_TEXT = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'ul', 'ol', 'dl']);

/** Attributes kept per element, `*` for all; the value is the React name. */
const ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '*': { lang: 'lang', dir: 'dir', title: 'title' },
  a: { href: 'href', hreflang: 'hrefLang' },
  img: { src: 'src', alt: 'alt', width: 'width', height: 'height' },
  ol: { start: 'start', reversed: 'reversed' },
  td: { colspan: 'colSpan', rowspan: 'rowSpan' },
  th: { colspan: 'colSpan', rowspan: 'rowSpan', scope: 'scope' },
  time: { datetime: 'dateTime' },
  q: { cite: 'cite' },
  blockquote: { cite: 'cite' },
};
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_SCHEMES = new Set(['http:', 'https:']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
/** Deeper nesting than this is flattened to its text (no stack to exhaust). */
const MAX_DEPTH = 32;

/** An address the visitor may follow: relative, or with one of the allowed schemes. */
export function safeAddress(value: string, schemes: ReadonlySet<string>): string | null {
  try {
    // The base only resolves relative addresses; a relative address is kept as written.
    const url = new URL(value, 'https://relative.invalid/');
    return schemes.has(url.protocol) ? value.trim() : null;
  } catch {
    return null;
  }
}

/**
 * What the rebuild reads of a parsed node: a DOM node of the browser's DOMParser, or on the server
 * (which has none) a node of parse5 shaped alike (src/app/server-html-parser.ts). parse5 follows
 * the HTML standard's parsing algorithm as DOMParser does, so the server renders the elements the
 * browser builds when it hydrates.
 */
export interface ParsedNode {
  nodeType: number;
  nodeValue: string | null;
  textContent: string | null;
  childNodes: ArrayLike<ParsedNode>;
}
export interface ParsedElement extends ParsedNode {
  localName: string;
  namespaceURI: string | null;
  attributes: ArrayLike<{ name: string; value: string }>;
}
/** The body of a document parsed from a string. */
export type BodyParser = (html: string) => ParsedNode;

let parseBody: BodyParser | null =
  typeof DOMParser === 'undefined' ? null : (html) => new DOMParser().parseFromString(html, 'text/html').body;

/** Where there is no DOMParser (the server's render), the parser to use. */
export function provideBodyParser(parser: BodyParser): void {
  parseBody ??= parser;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** The kept attributes as React props; null for an image without an address it may load. */
function propsOf(element: ParsedElement, tag: string): Record<string, string | boolean> | null {
  const props: Record<string, string | boolean> = {};
  const allowed = { ...ATTRIBUTES['*'], ...ATTRIBUTES[tag] };
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    const reactName = allowed[name];
    if (!reactName) continue;
    if (URL_ATTRIBUTES.has(name)) {
      const address = safeAddress(attribute.value, tag === 'img' ? IMAGE_SCHEMES : LINK_SCHEMES);
      if (address !== null) props[reactName] = address;
    } else if (name === 'reversed') {
      props[reactName] = true;
    } else {
      props[reactName] = attribute.value;
    }
  }
  if (tag === 'img' && props.src === undefined) return null;
  if (tag === 'img' && props.alt === undefined) props.alt = '';
  return props;
}

function childrenOf(parent: ParsedNode, depth: number, textAllowed: boolean): ReactNode[] {
  const children: ReactNode[] = [];
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === TEXT_NODE) {
      const text = child.nodeValue ?? '';
      if (textAllowed || text.trim() !== '') children.push(text);
    } else if (child.nodeType === ELEMENT_NODE) {
      const converted = elementOf(child as ParsedElement, depth);
      if (converted !== null) children.push(converted);
    }
    // comments, processing instructions and the like are left out
  }
  return children;
}

function elementOf(element: ParsedElement, depth: number): ReactNode {
  if (element.namespaceURI !== HTML_NS) return null;
  const tag = element.localName;
  if (DROPPED.has(tag)) return null;
  const children = depth >= MAX_DEPTH ? [element.textContent ?? ''] : childrenOf(element, depth + 1, !NO_TEXT.has(tag));
  const name = RENAMED[tag] ?? tag;
  if (!KEPT.has(name)) return createElement(Fragment, null, ...children);
  const props = propsOf(element, tag);
  if (props === null) return null;
  return EMPTY.has(name) ? createElement(name, props) : createElement(name, props, ...children);
}

const SPACE = /[\t\n\f\r ]/;
const TAG_START = /[A-Za-z]/;

/**
 * The markup with every `on…` attribute taken out of its tags, before any parser sees it: Chromium
 * checks an event handler attribute against the page's Content Security Policy as soon as a parser
 * sets it, even in DOMParser's inert document, and reports "Executing inline event handler violates
 * the Content Security Policy" on the console although nothing runs (issue 22 item 9). The scan
 * follows the HTML tokenizer's rules for tags (a name, then attributes separated by white space or
 * `/`, values quoted or not); text and comments are copied as they are. Whatever it lets through
 * still passes the allow-list below.
 */
export function withoutEventHandlers(html: string): string {
  let out = '';
  let i = 0;
  const n = html.length;
  while (i < n) {
    const open = html.indexOf('<', i);
    if (open === -1) {
      out += html.slice(i);
      break;
    }
    out += html.slice(i, open);
    if (html.startsWith('<!--', open)) {
      const end = html.indexOf('-->', open + 4);
      const stop = end === -1 ? n : end + 3;
      out += html.slice(open, stop);
      i = stop;
      continue;
    }
    const first = html[open + 1] ?? '';
    if (!TAG_START.test(first)) {
      out += '<';
      i = open + 1;
      continue;
    }
    // the tag name
    let j = open + 1;
    while (j < n && !SPACE.test(html[j]!) && html[j] !== '/' && html[j] !== '>') j++;
    out += html.slice(open, j);
    // the attributes
    while (j < n) {
      while (j < n && (SPACE.test(html[j]!) || html[j] === '/')) {
        out += html[j];
        j++;
      }
      if (j >= n) break;
      if (html[j] === '>') {
        out += '>';
        j++;
        break;
      }
      const nameStart = j;
      j++; // a name may start with '='
      while (j < n && !SPACE.test(html[j]!) && html[j] !== '/' && html[j] !== '>' && html[j] !== '=') j++;
      const name = html.slice(nameStart, j);
      let k = j;
      while (k < n && SPACE.test(html[k]!)) k++;
      let end = j;
      if (html[k] === '=') {
        k++;
        while (k < n && SPACE.test(html[k]!)) k++;
        const quote = html[k];
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, k + 1);
          end = close === -1 ? n : close + 1;
        } else {
          end = k;
          while (end < n && !SPACE.test(html[end]!) && html[end] !== '>') end++;
        }
      }
      if (!/^on/i.test(name)) out += html.slice(nameStart, end);
      j = end;
    }
    i = j;
  }
  return out;
}

/** The allowed part of a server HTML string as React nodes (empty where there is no parser). */
export function serverHtmlNodes(html: string): ReactNode[] {
  if (!parseBody || html.trim() === '') return [];
  return childrenOf(parseBody(withoutEventHandlers(html)), 0, true);
}

/** A block of server HTML, rendered through the allow-list above (on the server too: src/app/server-html-parser.ts). */
export function ServerHtml({ html, className }: { html: string; className?: string }) {
  const nodes = useMemo(() => serverHtmlNodes(html), [html]);
  return createElement('div', { className }, ...nodes);
}
