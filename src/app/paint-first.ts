/**
 * The loader of a rendered page (issue 25; one script with the recorder, ./early.ts, which
 * src/server/static.ts names in the page): a rendered page shows its content without JavaScript,
 * so the app's modules are asked for once that content is on the screen, and do not share the
 * line with what the first paint needs (the page, the stylesheet, the home page's banner). The
 * app's entry and the page's modules come from the script's own data attributes; a tab in the
 * background (which paints no frames) starts at once. The script runs as soon as it arrives,
 * while the page may still be parsing: the app comes only once the page is parsed (React hydrates
 * a whole page). Until the app has taken the page over, the page's events are held (and the first
 * click recorded) by ./first-click.ts.
 */
const loader = document.currentScript;
if (loader instanceof HTMLScriptElement) {
  const { main, preloads, messages } = loader.dataset;
  let started = false;
  /**
   * Each preload link asks for its module as it is added, which costs the main thread a few
   * milliseconds on a slow phone: the entry goes first, then the links two at a time, one task
   * each, so that the page stays responsive while some 25 modules are asked for (the entry's own
   * imports come first in the list).
   */
  const PER_TASK = 2;
  const start = () => {
    if (started || !main) return;
    started = true;
    // a rendered page carries the messages of its render (#shop-render, src/app/render-state.ts):
    // the catalogue's chunks are asked for only where the server sent its loading screen instead
    const rendered = document.getElementById('shop-render') !== null;
    const hrefs = `${preloads ?? ''} ${rendered ? '' : (messages ?? '')}`.split(' ').filter(Boolean);
    const script = document.createElement('script');
    script.type = 'module';
    script.src = main;
    document.head.append(script);
    const preload = (from: number) => {
      for (const href of hrefs.slice(from, from + PER_TASK)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        document.head.append(link);
      }
      if (from + PER_TASK < hrefs.length) setTimeout(preload, 0, from + PER_TASK);
    };
    setTimeout(preload, 0, 0);
    // The first use of Intl loads the locale's data, some 15-25 ms on a fast machine and four
    // times that on a slow phone. The app formats prices and dates while React hydrates, which
    // would make hydration one task that much longer: the data is loaded here, a format per task,
    // while the modules are still on their way.
    const lang = document.documentElement.lang || 'en';
    setTimeout(() => Intl.NumberFormat.supportedLocalesOf(lang), 0);
    setTimeout(() => Intl.DateTimeFormat.supportedLocalesOf(lang), 0);
  };
  const later = () => setTimeout(start, 0);
  const whenPainted = () => {
    if (document.visibilityState === 'hidden') start();
    else if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      // the browser names the largest paint once it is on the screen (the content, or the home page's banner)
      new PerformanceObserver((_, observer) => {
        observer.disconnect();
        later();
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // a tab sent to the background before its paint, or a page whose paint is never named, starts all the same
      document.addEventListener('visibilitychange', start, { once: true });
      setTimeout(start, 3_000);
    } else {
      // two frames on: the first paint of what the parser built is on the screen
      requestAnimationFrame(() => requestAnimationFrame(later));
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenPainted, { once: true });
  else whenPainted();
}

// a module to TypeScript (its names stay its own); esbuild wraps it in a function
export {};
