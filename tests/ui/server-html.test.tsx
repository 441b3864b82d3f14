import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { ServerHtml, withoutEventHandlers } from '../../src/app/components/ServerHtml.js';
import { STATIC_PAGES } from '../../src/server/seed/pages.js';

afterEach(cleanup);

/** What the allow-list lets through (src/app/components/ServerHtml.tsx), restated as the test's expectation. */
const KEPT_ELEMENTS = new Set(
  'a abbr address b blockquote br caption cite code dd del dfn div dl dt em figcaption figure h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s small span strong sub sup table tbody td tfoot th thead time tr u ul'.split(' '),
);
const KEPT_ATTRIBUTES = new Set('lang dir title href hreflang src alt width height start reversed colspan rowspan scope datetime cite'.split(' '));

function renderHtml(html: string): HTMLElement {
  const { container } = render(<ServerHtml className="box" html={html} />);
  return container.querySelector('.box') as HTMLElement;
}

/** Every element and attribute under `root` is one the allow-list keeps, with a safe address. */
function assertOnlyAllowed(root: HTMLElement): void {
  for (const element of Array.from(root.querySelectorAll('*'))) {
    expect(KEPT_ELEMENTS, element.outerHTML).toContain(element.localName);
    for (const attribute of Array.from(element.attributes)) {
      expect(KEPT_ATTRIBUTES, element.outerHTML).toContain(attribute.name);
      if (['href', 'src', 'cite'].includes(attribute.name)) {
        const scheme = new URL(attribute.value, 'https://relative.invalid/').protocol;
        expect(['http:', 'https:', 'mailto:', 'tel:'], attribute.value).toContain(scheme);
        if (attribute.name === 'src') expect(['http:', 'https:'], attribute.value).toContain(scheme);
      }
    }
  }
}

describe('server HTML through the allow-list', () => {
  it('keeps the markup of the demo pages: headings, paragraphs, lists and mail links', () => {
    for (const [id, pages] of Object.entries(STATIC_PAGES)) {
      for (const [lang, page] of Object.entries(pages)) {
        const box = renderHtml(page.html);
        const source = new DOMParser().parseFromString(page.html, 'text/html').body;
        expect(box.textContent, `${id} ${lang}`).toBe(source.textContent);
        expect(box.querySelectorAll('h2').length).toBe(source.querySelectorAll('h2, h1').length);
        expect(box.querySelectorAll('a[href]').length).toBe(source.querySelectorAll('a[href]').length);
        assertOnlyAllowed(box);
      }
    }
  });

  it('drops scripts, handlers, styles, frames and dangerous addresses but keeps the text around them', () => {
    const box = renderHtml(
      '<p id="x" class="y" style="color:red" onclick="alert(1)">Cookies <b>help</b>' +
        '<img src="/nope.png" onerror="window.__xss=1"><script>window.__xss=2</script>' +
        '<a href="javascript:alert(3)">one</a> <a href=" JaVaScRiPt:alert(4)">two</a> <a href="jav&#x09;ascript:alert(5)">three</a> ' +
        '<a href="data:text/html,x">four</a> <a href="vbscript:msgbox(7)">five</a> ' +
        '<a href="/de/tickets" target="_blank" rel="opener">tickets</a> <a href="mailto:a@b.example">mail</a></p>',
    );
    const html = box.innerHTML.toLowerCase();
    for (const fragment of ['onclick', 'onerror', '<script', 'javascript', 'vbscript', 'data:', 'style=', 'id=', 'class=', 'target=', 'rel=', 'alert(']) {
      expect(html).not.toContain(fragment);
    }
    expect(box.textContent).toBe('Cookies helpone two three four five tickets mail');
    expect(box.querySelector('a[href="/de/tickets"]')?.textContent).toBe('tickets');
    expect(box.querySelector('a[href="mailto:a@b.example"]')?.textContent).toBe('mail');
    expect(box.querySelector('img[src="/nope.png"]')?.getAttribute('alt')).toBe('');
    assertOnlyAllowed(box);
  });

  it.each([
    '<iframe srcdoc="<script>alert(8)</script>">x</iframe>',
    '<svg><script>alert(9)</script><a xlink:href="javascript:alert(10)">svg</a></svg>',
    '<math><mi xlink:href="javascript:alert(11)">m</mi></math>',
    '<style>p{display:none}</style>',
    '<form action="https://evil.example"><button formaction="javascript:alert(12)">b</button></form>',
    '<img src="data:image/svg+xml,<svg onload=alert(13)>">',
    '<object data="javascript:alert(14)"></object><embed src="javascript:alert(15)">',
    '<template><img src=x onerror=alert(16)></template><noscript><img src=x onerror=alert(17)></noscript>',
    '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(18)"><link rel="stylesheet" href="https://evil.example/x.css">',
  ])('leaves out %s', (payload) => {
    const box = renderHtml(`<p>before</p>${payload}<p>after</p>`);
    assertOnlyAllowed(box);
    expect(box.innerHTML.toLowerCase()).not.toMatch(/alert\(|evil\.example|<(iframe|svg|math|style|form|button|object|embed|template|noscript|base|meta|link)\b/);
    expect(box.querySelector('p')?.textContent).toBe('before');
  });

  it('turns a level-1 heading into level 2 (the page has its own h1) and flattens what nests too deep', () => {
    expect(renderHtml('<h1>Title</h1>').querySelector('h2')?.textContent).toBe('Title');
    const deep = `${'<span>'.repeat(200)}deep${'</span>'.repeat(200)}`;
    const box = renderHtml(deep);
    expect(box.textContent).toBe('deep');
    expect(box.querySelectorAll('span').length).toBeLessThanOrEqual(33);
  });

  it('renders nothing for empty or whitespace HTML', () => {
    expect(renderHtml('').childNodes.length).toBe(0);
    expect(renderHtml('  \n ').childNodes.length).toBe(0);
  });

  it('never lets an element, attribute or address outside the allow-list through, whatever the markup', () => {
    const tags = ['p', 'a', 'img', 'script', 'style', 'iframe', 'svg', 'math', 'div', 'span', 'table', 'tr', 'td', 'ul', 'li', 'form', 'object', 'embed', 'h1', 'b', 'custom-el', 'template', 'noscript', 'base', 'meta', 'link'];
    const names = ['href', 'src', 'onclick', 'onerror', 'style', 'id', 'class', 'srcdoc', 'formaction', 'xlink:href', 'action', 'title', 'alt', 'lang', 'colspan', 'cite', 'data-x', 'target'];
    const values = ['javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'vbscript:x', 'https://museum.example/a', '/de/tickets', 'mailto:a@b.example', 'tel:+41', 'x" onload="alert(1)', '<script>alert(1)</script>', '2'];
    const attribute = fc.tuple(fc.constantFrom(...names), fc.constantFrom(...values)).map(([name, value]) => ` ${name}="${value.replace(/"/g, '&quot;')}"`);
    const node: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.string({ maxLength: 12 }),
        fc.tuple(fc.constantFrom(...tags), fc.array(attribute, { maxLength: 3 }), fc.array(tie('node'), { maxLength: 4 })).map(
          ([tag, attributes, children]) => `<${tag}${attributes.join('')}>${children.join('')}</${tag}>`,
        ),
      ),
    })).node;
    fc.assert(
      fc.property(fc.array(node, { maxLength: 4 }), (parts) => {
        const box = renderHtml(parts.join(''));
        assertOnlyAllowed(box);
        cleanup();
      }),
      { numRuns: 400 },
    );
  });
});

describe('on… attributes never reach the parser (issue 22 item 9)', () => {
  it('takes every event handler out of the tags, in every spelling the tokenizer accepts, and leaves the rest as written', () => {
    const html =
      '<p onclick="a()" title="x>y">one <b/onclick=b()>two</b> <img src="/i.png" ONERROR = \'c()\' alt="on=1">' +
      '<a href="/x" onmouseover=d() >three</a><!-- <p onclick="kept in a comment"> --> 1 < 2 <svg onload="e()"></svg></p>';
    const stripped = withoutEventHandlers(html);
    expect(stripped).toBe(
      // (the white space before a removed attribute stays)
      '<p  title="x>y">one <b/>two</b> <img src="/i.png"  alt="on=1">' + '<a href="/x"  >three</a><!-- <p onclick="kept in a comment"> --> 1 < 2 <svg ></svg></p>',
    );
  });

  it('hands DOMParser markup without on… attributes', () => {
    const seen: string[] = [];
    const original = DOMParser.prototype.parseFromString;
    DOMParser.prototype.parseFromString = function (this: DOMParser, markup: string, type: DOMParserSupportedType) {
      seen.push(markup);
      return original.call(this, markup, type);
    } as typeof original;
    try {
      const box = renderHtml('<p onclick="x()">Hi <img src="/a.png" onerror="y()"></p>');
      expect(box.textContent).toBe('Hi ');
    } finally {
      DOMParser.prototype.parseFromString = original;
    }
    expect(seen.join('')).not.toMatch(/\son\w+\s*=/i);
    expect(seen.join('')).toContain('Hi');
  });

  // The scan follows the standard HTML tokenizer. happy-dom's parser does not inside malformed
  // tags (it splits `<p<!--x()on>` or `<p '=on>` into attributes, one of them `on`, where the
  // standard and Chromium keep one odd name; a `>` inside a quoted value next to a repeated
  // attribute ends its tag), so random characters made this property fail now and then for a
  // parser the shop never runs in. The markup is generated as tags the parsers
  // agree on: any attributes (handlers in any case, quoted, unquoted or bare) between text and comments.
  it('whatever tags and attributes the markup has, no on… attribute is left and the others stay', () => {
    const name = fc.constantFrom('onclick', 'ONERROR', 'onMouseOver', 'on', 'title', 'alt', 'href', 'data-on', 'class');
    const value = fc.constantFrom('', '=x()', '="alert(1)"', "='a b'", '="x/y"', '=on');
    const attribute = fc.tuple(fc.constantFrom(' ', '  ', '\n', ' / '), name, value).map(([gap, n, v]) => `${gap}${n}${v}`);
    const tag = fc.tuple(fc.constantFrom('p', 'img', 'a', 'span'), fc.array(attribute, { maxLength: 5 }), fc.constantFrom('>', ' >', '/>')).map(([t, attrs, close]) => `<${t}${attrs.join('')}${close}`);
    const piece = fc.oneof(tag, fc.constantFrom('text ', 'on click ', '<!-- onclick=x() -->', '</p>', '&amp; '));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const html = parts.join('');
        const stripped = withoutEventHandlers(html);
        const doc = new DOMParser().parseFromString(stripped, 'text/html');
        const kept = new DOMParser().parseFromString(html, 'text/html');
        for (const element of Array.from(doc.querySelectorAll('*'))) {
          for (const attribute of Array.from(element.attributes)) expect(attribute.name.toLowerCase().startsWith('on'), stripped).toBe(false);
        }
        // nothing else is lost: the same elements, with every attribute that is not a handler
        const others = (d: Document) => Array.from(d.querySelectorAll('*')).map((e) => `${e.tagName}[${Array.from(e.attributes).filter((a) => !a.name.toLowerCase().startsWith('on')).map((a) => `${a.name}=${a.value}`).join(' ')}]`);
        expect(others(doc), stripped).toEqual(others(kept));
        expect(doc.body.textContent).toBe(kept.body.textContent);
      }),
      { numRuns: 2000 },
    );
  });
});
