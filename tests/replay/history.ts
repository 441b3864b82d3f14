/**
 * The pages a visitor went through in one document of a replay, for the browser's Back list: a
 * binding records each page a link or a start opens (`visit`) and goes back to one of them, several
 * pages at once, as a visitor does from the Back button's list (`goBackTo`). Kept in `r.memo`.
 */
import type { Replay } from './binding.js';

/** The visitor opened `path` (by a link, the header, the start): later pages are forgotten. */
export function visit(r: Replay, path: string): void {
  const pages = (r.memo.pages ??= []) as string[];
  pages.splice(Number(r.memo.at ?? -1) + 1);
  pages.push(path);
  r.memo.at = pages.length - 1;
}

/** Whether the visitor has been somewhere (a page recorded with `visit`). */
export const hasVisited = (r: Replay): boolean => r.memo.at !== undefined;

/** What a page the visitor went back to asks for first as it starts over (see `Replay.asked`). */
export interface StartsOver {
  request: string;
  matches: (url: URL) => boolean;
}

/**
 * Back to `path`, the latest visit of it before this page; `why` is the report's reason when there
 * is none. The address changes before the page starts over, and until then it still waits for what
 * the page before asked: with `startsOver` this returns once the page asks for that alone, so that
 * the next answer goes to the page shown.
 */
export async function goBackTo(r: Replay, path: string, why: string, startsOver?: StartsOver): Promise<void> {
  const pages = (r.memo.pages ?? []) as string[];
  const at = Number(r.memo.at);
  const back = pages.lastIndexOf(path, at - 1);
  if (back < 0) r.cannot(why);
  await r.page.evaluate((n) => history.go(n), back - at);
  r.memo.at = back;
  await r.page.waitForURL((url) => url.pathname === path);
  if (startsOver) await r.asked(startsOver.request, startsOver.matches);
}
