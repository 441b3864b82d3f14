import { lazy, Suspense, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useHydrated } from '../hydration.js';
import { FormattedMessage, useIntl } from 'react-intl';
import { isLanguage } from '../../api/languages.js';
import { useConfig, useLang, useSiteName } from '../hooks.js';
import { useAppActor, useShell } from '../shell-context.js';
import { enabledSections, sectionHref, sectionLabelOverride } from '../sections.js';
import { MENU_FIT_THROTTLE_MS } from '../navigation.js';
import { readItem, removeItem, writeItem } from '../session.js';
import { SESSION_KEYS } from '../../api/schemas/session.js';
import { routeHref } from '../../domain/routes.js';
import { useDismiss } from './dismiss.js';

/**
 * The account menu of a logged-in visitor: a login lives in this browser's session storage, so the
 * server renders every page for nobody and the menu shows only once the app is there; its own chunk
 * keeps it off the JavaScript of every new visitor's first page.
 */
const UserMenu = lazy(() => import('./UserMenu.js'));

/** §9: whether the menu fits is re-evaluated at most every 500 ms. */
function useMenuFits(measure: () => boolean): [boolean, React.RefObject<HTMLDivElement | null>] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [fits, setFits] = useState(true);
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const evaluate = useCallback(() => {
    const run = () => {
      last.current = Date.now();
      timer.current = null;
      setFits(measure());
    };
    const wait = MENU_FIT_THROTTLE_MS - (Date.now() - last.current);
    if (wait <= 0) run();
    else if (!timer.current) timer.current = setTimeout(run, wait);
  }, [measure]);
  useLayoutEffect(() => {
    setFits(measure());
    last.current = Date.now();
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(evaluate);
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [evaluate, measure]);
  return [fits, ref];
}

function Brand() {
  const config = useConfig();
  const lang = useLang();
  const siteName = useSiteName();
  const intl = useIntl();
  const mark = (
    <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M4 12 16 5l12 7v2H4z M7 16h3v9H7z M14.5 16h3v9h-3z M22 16h3v9h-3z M4 27h24v2H4z" fill="currentColor" />
    </svg>
  );
  const external = config.logoLinksToMainSite ? (config.museumPerLanguageUrls[lang] ?? config.museumMainUrl) : null;
  if (external) {
    return (
      <a className="brand" href={external} target="_blank" rel="noopener noreferrer" aria-label={intl.formatMessage({ id: 'header.mainSite' }, { siteName })}>
        {mark}
        <span className="brand__name">{siteName}</span>
      </a>
    );
  }
  return (
    <Link className="brand" to={routeHref(lang, 'home')} aria-label={intl.formatMessage({ id: 'header.home' }, { siteName })}>
      {mark}
      <span className="brand__name">{siteName}</span>
    </Link>
  );
}

function SectionLinks({ onNavigate }: { onNavigate?: () => void }) {
  const config = useConfig();
  const lang = useLang();
  return (
    <>
      {enabledSections(config).map((section) => (
        <li key={section.key}>
          <Link to={sectionHref(section, lang)} className="nav__link" activeProps={{ className: 'nav__link is-active', 'aria-current': 'page' }} onClick={onNavigate}>
            {sectionLabelOverride(config, section.key, lang) ?? <FormattedMessage id={`nav.${section.key}`} />}
          </Link>
        </li>
      ))}
    </>
  );
}

function LanguageSelect() {
  const config = useConfig();
  const lang = useLang();
  const actor = useAppActor();
  const id = useId();
  const select = useRef<HTMLSelectElement | null>(null);
  // issue 16 item 11: the switch reloads the page; the keyboard comes back to this select
  useEffect(() => {
    if (!select.current || readItem(SESSION_KEYS.focusAfterReload) !== 'language') return;
    removeItem(SESSION_KEYS.focusAfterReload);
    select.current.focus();
  }, [config.languages.length]);
  // a language chosen before the app took a rendered page over reaches onChange once the app is
  // there: the early recorder replays the select's change (src/app/first-click.ts)
  if (config.languages.length < 2) return null;
  return (
    <div className="language">
      <label htmlFor={id} className="visually-hidden">
        <FormattedMessage id="header.language" />
      </label>
      <svg className="language__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.4-3.6C8.9 5.5 8.4 6.7 8.1 8ZM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.2 5.6c.6-1.1 1.1-2.3 1.4-3.6h3a8 8 0 0 1-4.4 3.6Zm1.8-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z" />
      </svg>
      <select
        ref={select}
        id={id}
        className="language__select"
        value={lang}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          writeItem(SESSION_KEYS.focusAfterReload, 'language');
          actor.send({ type: 'CHANGE_LANGUAGE', lang: next });
        }}
      >
        {config.languages.map((code, index) => (
          <option key={code} value={code} lang={code}>
            {config.languagesFull[index] ?? code.toUpperCase()}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * §1: the number of lines in the cart (src/app/cart-shell.ts loads it at boot when this session
 * saved one, else with the first page that has a journey: 0 until then). Null while it is not
 * known: in the page the server sent (it rendered for nobody; the cart is in this browser's
 * session storage) and while the saved cart loads, so a reload never shows an empty basket first.
 */
function useCartLineCount(): number | null {
  const { carts } = useShell();
  const subscribe = useCallback(
    (listener: () => void) => {
      let subscription: { unsubscribe: () => void } | null = null;
      const follow = () => {
        subscription = carts.current()?.subscribe(listener) ?? null;
        listener();
      };
      const unsubscribeLoad = carts.current() ? () => {} : carts.subscribe(follow);
      if (carts.current()) follow();
      return () => {
        unsubscribeLoad();
        subscription?.unsubscribe();
      };
    },
    [carts],
  );
  const read = () => {
    const cart = carts.current();
    return cart ? cart.getSnapshot().context.lines.length : carts.restoring() ? null : 0;
  };
  return useSyncExternalStore(subscribe, read, () => null);
}

function BasketLink() {
  const lang = useLang();
  // §1: the basket shows the number of lines in the cart once it is known (the badge keeps its place)
  const count = useCartLineCount();
  const intl = useIntl();
  const label = count === null ? intl.formatMessage({ id: 'title.checkout' }) : intl.formatMessage({ id: 'header.basket' }, { count });
  return (
    <Link to={routeHref(lang, 'checkout')} className="basket" aria-label={label}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="basket__icon">
        <path fill="currentColor" d="M7 6V5a5 5 0 0 1 10 0v1h3.2l1 15.5A1.5 1.5 0 0 1 19.7 23H4.3a1.5 1.5 0 0 1-1.5-1.5L3.8 6H7Zm2 0h6V5a3 3 0 0 0-6 0v1Zm-3.3 2-.9 13h14.4l-.9-13H17v2h-2V8H9v2H7V8H5.7Z" />
      </svg>
      <span className="basket__count" aria-hidden="true" data-testid="basket-count">
        {count}
      </span>
    </Link>
  );
}

function AccountLinks({ returnTo }: { returnTo: string }) {
  const config = useConfig();
  const lang = useLang();
  const { loggedIn, isGuest } = useSelector(useAppActor(), (s) => ({ loggedIn: s.context.jwt !== null, isGuest: s.context.isGuest }), (a, b) => a.loggedIn === b.loggedIn && a.isGuest === b.isGuest);
  // the login lives in this browser's session storage: the server rendered the page for nobody
  const hydrated = useHydrated();
  if (hydrated && loggedIn && !isGuest)
    return (
      <Suspense fallback={null}>
        <UserMenu returnTo={returnTo} />
      </Suspense>
    );
  if (!config.hasUserRegistration) return null;
  return (
    <div className="account-links">
      <Link to={routeHref(lang, 'login')} search={{ returnTo }} className="account-links__login">
        <FormattedMessage id="header.login" />
      </Link>
      <Link to={routeHref(lang, 'register')} search={{ returnTo }} className="button button--small">
        <FormattedMessage id="header.register" />
      </Link>
    </div>
  );
}

export function Header() {
  const intl = useIntl();
  const href = useRouterState({ select: (s) => s.location.href });
  const [menuOpen, setMenuOpen] = useState(false);
  const measureRef = useRef<HTMLUListElement | null>(null);
  const barRef = useRef<HTMLDivElement | null>(null);
  const measure = useCallback(() => {
    const bar = barRef.current;
    const needed = measureRef.current;
    if (!bar || !needed) return true;
    // The section links get a row of their own under brand and tools.
    const style = getComputedStyle(bar);
    const room = bar.clientWidth - parseFloat(style.paddingLeft || '0') - parseFloat(style.paddingRight || '0');
    return needed.scrollWidth <= room;
  }, []);
  const [fits, containerRef] = useMenuFits(measure);
  const collapsed = !fits;
  const navId = useId();
  useEffect(() => setMenuOpen(false), [href]);
  const navRef = useRef<HTMLElement | null>(null);
  const burgerRef = useRef<HTMLButtonElement | null>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useDismiss(collapsed && menuOpen, closeMenu, navRef, burgerRef);

  return (
    <header className={collapsed ? 'site-header is-collapsed' : 'site-header'} ref={containerRef}>
      <div className="site-header__bar container" ref={barRef}>
        <Brand />
        <nav className="nav" ref={navRef} aria-label={intl.formatMessage({ id: 'header.nav' })}>
          {collapsed && (
            <button type="button" className="burger" ref={burgerRef} aria-expanded={menuOpen} aria-controls={navId} onClick={() => setMenuOpen((o) => !o)}>
              <span className="burger__lines" aria-hidden="true" />
              <span className="burger__label">
                <FormattedMessage id={menuOpen ? 'header.closeMenu' : 'header.menu'} />
              </span>
            </button>
          )}
          <ul id={navId} className={collapsed ? 'nav__list nav__list--drawer' : 'nav__list'} hidden={collapsed && !menuOpen}>
            <SectionLinks onNavigate={() => setMenuOpen(false)} />
          </ul>
        </nav>
        <div className="header__tools">
          <LanguageSelect />
          <AccountLinks returnTo={href} />
          <BasketLink />
        </div>
        <ul className="nav__list nav__measure" aria-hidden="true" inert ref={measureRef}>
          <SectionLinks />
        </ul>
      </div>
    </header>
  );
}
