import { FormattedMessage } from 'react-intl';

/** A request failed: say so (announced as an alert) and offer to try again. */
export function RetryNotice({ messageId, onRetry, small = false }: { messageId: string; onRetry: () => void; small?: boolean }) {
  return (
    <div className="notice notice--warning" role="alert">
      <p>
        <FormattedMessage id={messageId} />
      </p>
      <button type="button" className={small ? 'button button--small' : 'button'} onClick={onRetry}>
        <FormattedMessage id="page.retry" />
      </button>
    </div>
  );
}
