import { useCallback, useId, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { useLang } from '../hooks.js';
import { useAppActor } from '../shell-context.js';
import { routeHref } from '../../domain/routes.js';
import { useDismiss } from './dismiss.js';

/** The header's account menu of a logged-in visitor (src/app/components/Header.tsx loads it lazily). */
export default function UserMenu({ returnTo }: { returnTo: string }) {
  const lang = useLang();
  const customer = useSelector(useAppActor(), (s) => s.context.customer);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement | null>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, button);
  const name = customer ? `${customer.fname} ${customer.lname}`.trim() : '';
  return (
    <div className="user-menu" ref={container}>
      <button type="button" className="user-menu__button" ref={button} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="user-menu__icon">
          <path fill="currentColor" d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-9 2.2-9 5.5V22h18v-2.5c0-3.3-4.6-5.5-9-5.5Z" />
        </svg>
        <span>{name || <FormattedMessage id="header.account" />}</span>
      </button>
      <ul id={menuId} className="user-menu__list" hidden={!open}>
        <li>
          <Link to={routeHref(lang, 'orders')} className="user-menu__item" onClick={() => setOpen(false)}>
            <FormattedMessage id="header.orders" />
          </Link>
        </li>
        <li>
          <Link to={routeHref(lang, 'settings')} className="user-menu__item" onClick={() => setOpen(false)}>
            <FormattedMessage id="header.settings" />
          </Link>
        </li>
        <li>
          <Link to="/logout" search={{ returnTo }} className="user-menu__item" onClick={() => setOpen(false)}>
            <FormattedMessage id="header.logout" />
          </Link>
        </li>
      </ul>
    </div>
  );
}
