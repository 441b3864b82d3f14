/**
 * A rendered page's one early script (src/server/static.ts names it in the head, where it runs
 * before anything of the body shows; a file of the page's own origin: the CSP allows no inline
 * script): the recorder that makes the first click count
 * (./first-click.ts, issue 43) and the loader that asks for the app once the page is painted
 * (./paint-first.ts, issue 25). One file, not two: one request fewer in the page's head, and
 * about 0.1 KB less to transfer than the two apart.
 */
import './first-click.js';
import './paint-first.js';
