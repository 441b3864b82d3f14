/**
 * The cookie notice's acceptance as the server sees it (issue 25); its own small module because
 * the session code of every page needs it and the render state's schemas are not for every page.
 */

/**
 * The session cookie that mirrors the cookie notice's acceptance (kept in session storage, §5) so
 * the server knows whether to render the notice: a new visitor gets it in the HTML that is sent,
 * one who accepted does not see it flash. It says nothing else and is never read for anything else.
 */
export const NOTICE_ACCEPTED_COOKIE = 'shop_notice_accepted';

/** Whether a request's Cookie header says the visitor accepted the cookie notice. */
export function noticeAcceptedIn(cookieHeader: string | null | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim() === `${NOTICE_ACCEPTED_COOKIE}=1`);
}
