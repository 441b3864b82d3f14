/**
 * Focus that follows an action which removes the focused element (issue 16 item 11): after the
 * next renders, the first element matching one of `selectors` (in order) takes the focus, so the
 * keyboard is never left on the page body.
 */
export function focusSoon(selectors: readonly string[], frames = 20): void {
  if (typeof window === 'undefined') return;
  let left = frames;
  const attempt = () => {
    for (const selector of selectors) {
      const element = document.querySelector<HTMLElement>(selector);
      if (element) {
        element.focus();
        return;
      }
    }
    left -= 1;
    if (left > 0) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
