/**
 * The server's HTML parser for server HTML blocks (ServerHtml: static pages, the cookie notice):
 * parse5 follows the HTML standard's parsing algorithm as the browser's DOMParser does, so the
 * server renders the same elements that the browser builds when it hydrates. Its nodes are shaped
 * as ServerHtml reads DOM nodes. Server only: the browser has DOMParser and never loads this.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import type { BodyParser, ParsedElement, ParsedNode } from './components/ServerHtml.js';

type Parse5Node = DefaultTreeAdapterMap['node'];

function shaped(node: Parse5Node): ParsedNode {
  if (node.nodeName === '#text') {
    const text = (node as DefaultTreeAdapterMap['textNode']).value;
    return { nodeType: 3, nodeValue: text, textContent: text, childNodes: [] };
  }
  if (!('tagName' in node)) return { nodeType: 8, nodeValue: null, textContent: null, childNodes: [] };
  // a <template>'s children are in its content, as in the DOM (the allow-list drops it anyway)
  const childNodes = node.childNodes.map(shaped);
  const element: ParsedElement = {
    nodeType: 1,
    nodeValue: null,
    get textContent() {
      return childNodes.map((child) => child.textContent ?? '').join('');
    },
    childNodes,
    localName: node.tagName,
    namespaceURI: node.namespaceURI,
    attributes: node.attrs.map((a) => ({ name: a.prefix ? `${a.prefix}:${a.name}` : a.name, value: a.value })),
  };
  return element;
}

const isElement = (node: Parse5Node, tag: string): node is DefaultTreeAdapterMap['element'] => 'tagName' in node && node.tagName === tag;

/** The `<body>` of the document parse5 makes of `html`, as DOMParser's `parseFromString(html, 'text/html').body`. */
export const parse5BodyParser: BodyParser = (html) => {
  const root = parse(html).childNodes.find((n) => isElement(n, 'html'));
  const body = root && 'childNodes' in root ? root.childNodes.find((n) => isElement(n, 'body')) : undefined;
  return body ? shaped(body) : { nodeType: 1, nodeValue: null, textContent: '', childNodes: [] };
};
