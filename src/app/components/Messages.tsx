import { useRef, useState, type PointerEvent } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppActor } from '../shell-context.js';

/** §8: toasts can be swiped away past this distance. */
export const SWIPE_DISMISS_PX = 80;

export function GlobalMessageBanner() {
  const actor = useAppActor();
  const message = useSelector(actor, (s) => s.context.globalMessage);
  const intl = useIntl();
  return (
    <div className="global-message-region" aria-live="assertive" aria-atomic="true">
      {message && (
        <div className={`global-message global-message--${message.className}`} data-testid="global-message">
          <p className="container global-message__text">
            <FormattedMessage id={message.id} values={message.values} />
          </p>
          <button type="button" className="global-message__close" aria-label={intl.formatMessage({ id: 'message.dismiss' })} onClick={() => actor.send({ type: 'DISMISS_MESSAGE' })}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </div>
  );
}

export function Toasts() {
  const actor = useAppActor();
  const toast = useSelector(actor, (s) => s.context.toasts[0] ?? null);
  const intl = useIntl();
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const onDown = (event: PointerEvent<HTMLDivElement>) => {
    start.current = event.clientX;
    // a mouse is not captured: its press on the close button must stay a click on the button
    if (event.pointerType !== 'mouse') event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setDx(event.clientX - start.current);
  };
  const onUp = () => {
    if (start.current !== null && Math.abs(dx) > SWIPE_DISMISS_PX) actor.send({ type: 'DISMISS_TOAST' });
    start.current = null;
    setDx(0);
  };
  return (
    <div className="toasts" role="status" aria-live="polite" aria-label={intl.formatMessage({ id: 'toast.region' })}>
      {toast && (
        <div
          key={toast.key}
          className={`toast toast--${toast.tone}`}
          data-testid="toast"
          style={dx !== 0 ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.2, 1 - Math.abs(dx) / 200), transition: 'none' } : undefined}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onPointerCancel={onUp}
        >
          <p>
            <FormattedMessage id={toast.id} values={toast.values} />
          </p>
          <button type="button" className="toast__close" aria-label={intl.formatMessage({ id: 'toast.dismiss' })} onClick={() => actor.send({ type: 'DISMISS_TOAST' })}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </div>
  );
}

export function Spinner() {
  const waiting = useSelector(useAppActor(), (s) => s.hasTag('waiting'));
  if (!waiting) return null;
  return (
    <div className="spinner" role="status" data-testid="spinner">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">
        <FormattedMessage id="spinner.label" />
      </span>
    </div>
  );
}

/** Dev build only: the build hash and time (build.mjs defines them). */
export function DevStrip() {
  if (process.env.NODE_ENV !== 'development') return null;
  const hash = typeof __BUILD_HASH__ === 'string' ? __BUILD_HASH__ : 'local';
  const time = typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : '';
  return (
    <div className="dev-strip">
      <FormattedMessage id="shell.devStrip" values={{ hash, time }} />
    </div>
  );
}
