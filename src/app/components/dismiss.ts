import { useEffect } from 'react';

/**
 * A disclosure (the burger menu, the account menu) closes on Escape with focus back on its button,
 * on a click outside, and when keyboard focus leaves it (issue 16 item 11, WCAG 2.1.2 / 2.4.3).
 */
export function useDismiss(open: boolean, close: () => void, container: React.RefObject<HTMLElement | null>, button: React.RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    if (!open) return;
    const inside = (node: EventTarget | null) => node instanceof Node && Boolean(container.current?.contains(node));
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onClick = (event: MouseEvent) => {
      if (!inside(event.target)) close();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null && !inside(event.relatedTarget)) close();
    };
    const element = container.current;
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    element?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
      element?.removeEventListener('focusout', onFocusOut);
    };
  }, [open, close, container, button]);
}
