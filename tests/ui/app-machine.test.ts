/** The app machine with fake services: boot order, error policy and messages as a caller sees them. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { appMachine, type HttpErrorEvent, type RestoredSession, type ShopData } from '../../machines/app.machine.js';
import { AppConfigSchema } from '../../src/api/schemas/config.js';
import * as v from 'valibot';
import { baseConfig } from './shell-harness.js';

const config = v.parse(AppConfigSchema, baseConfig);

function start(options: { configFails?: number; lastReloadAt?: number | null; lang?: string } = {}) {
  let failures = options.configFails ?? 0;
  const effects: string[] = [];
  const machine = appMachine.provide({
    actors: {
      loadConfig: fromPromise(async () => {
        effects.push('loadConfig');
        if (failures > 0) {
          failures -= 1;
          throw new Error('down');
        }
        return config;
      }),
      loadMessages: fromPromise(async ({ input }) => ({ hello: `hello ${input.lang}` })),
      restoreSession: fromPromise<RestoredSession>(async () => ({ jwt: null, customer: null, isGuest: false, partner: 'p1', cookiesAccepted: true })),
      loadPaymentTypes: fromPromise(async () => [{ payartId: 161, i18n: {} }]),
      loadShopData: fromPromise<ShopData>(async () => {
        throw new Error('metadata is optional');
      }),
    },
    actions: {
      navigateToLogin: () => effects.push('navigateToLogin'),
      reloadPage: () => effects.push('reloadPage'),
      storeServiceUnavailableReload: (_, at) => effects.push(`storeReload ${at}`),
      storeCookiesAccepted: () => effects.push('storeCookiesAccepted'),
      storeSession: () => effects.push('storeSession'),
      clearStoredSession: () => effects.push('clearStoredSession'),
      forgetPersonalData: () => effects.push('forgetPersonalData'),
      switchLanguage: (_, lang) => effects.push(`switchLanguage ${lang}`),
      navigateAfterLogout: (_, returnTo) => effects.push(`afterLogout ${returnTo ?? ''}`),
    },
  });
  const actor = createActor(machine, { input: { lang: options.lang ?? 'fr', lastServiceUnavailableReloadAt: options.lastReloadAt ?? null } });
  actor.start();
  return { actor, effects };
}

const error = (status: number, at: number, code = `HTTP_${status}`, onLoginPage = false): HttpErrorEvent => ({ type: 'HTTP_ERROR', status, code, at, onLoginPage });

afterEach(() => vi.useRealTimers());

describe('app machine', () => {
  it('boots: config, messages in the URL language, session, payment types, then ready even without metadata', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ Boot: 'Ready' })).toBe(true));
    const { context } = actor.getSnapshot();
    expect(context.lang).toBe('fr');
    expect(context.messages).toEqual({ hello: 'hello fr' });
    expect(context.partner).toBe('p1');
    expect(context.paymentTypes).toHaveLength(1);
    expect(context.shopInfo).toBeNull();
  });

  it('falls back to the first configured language for an unknown one', async () => {
    const { actor } = start({ lang: 'xx' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ Boot: 'Ready' })).toBe(true));
    expect(actor.getSnapshot().context.lang).toBe('de');
  });

  it('waits on the retry screen after a failed config and boots on RETRY', async () => {
    const { actor, effects } = start({ configFails: 1 });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ Boot: 'Configuration failed' })).toBe(true));
    actor.send({ type: 'RETRY' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ Boot: 'Ready' })).toBe(true));
    expect(effects.filter((e) => e === 'loadConfig')).toHaveLength(2);
  });

  it('a 500 shows the support message for 15 s without touching the boot', async () => {
    const { actor, effects } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ Boot: 'Ready' })).toBe(true));
    vi.useFakeTimers();
    actor.send(error(500, 1));
    expect(actor.getSnapshot().matches({ Boot: 'Ready', 'Global message': 'Showing' })).toBe(true);
    expect(actor.getSnapshot().context.globalMessage).toEqual({ id: 'error.server', values: { email: 'support@museum.example' }, className: 'danger' });
    expect(effects.filter((e) => e === 'loadConfig')).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    actor.send(error(0, 2, 'NETWORK_ERROR'));
    expect(actor.getSnapshot().context.globalMessage?.id).toBe('error.network');
    expect(actor.getSnapshot().matches({ Boot: 'Ready' })).toBe(true);
    vi.advanceTimersByTime(14_999);
    expect(actor.getSnapshot().context.globalMessage).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ 'Global message': 'Hidden' })).toBe(true);
    expect(actor.getSnapshot().context.globalMessage).toBeNull();
  });

  it('a 503 reloads once; another within 30 s shows a message; after 30 s it reloads again', async () => {
    const { actor, effects } = start({ lastReloadAt: 1_000 });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ Boot: 'Ready' })).toBe(true));
    actor.send(error(503, 20_000));
    expect(effects).not.toContain('reloadPage');
    expect(actor.getSnapshot().context.globalMessage?.id).toBe('error.unavailable');
    actor.send(error(503, 31_000));
    expect(effects).toContain('reloadPage');
    expect(effects).toContain('storeReload 31000');
  });

  it('401 and 403 go to login unless already there; the session is forgotten', async () => {
    const { actor, effects } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ Boot: 'Ready' })).toBe(true));
    actor.send({ type: 'LOGGED_IN', jwt: 'a.b.c', customer: { email: 'a@b.c', fname: 'A', lname: 'B' }, isGuest: false });
    actor.send(error(401, 1, 'AUTH', true));
    expect(effects).not.toContain('navigateToLogin');
    actor.send(error(403, 2));
    expect(effects).toContain('navigateToLogin');
    expect(actor.getSnapshot().context.jwt).toBeNull();
  });

  it('a network failure or timeout shows a message and nothing else', async () => {
    const { actor, effects } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ Boot: 'Ready' })).toBe(true));
    actor.send(error(0, 1, 'TIMEOUT'));
    expect(actor.getSnapshot().context.globalMessage?.id).toBe('error.network');
    expect(effects.filter((e) => !e.startsWith('load'))).toEqual([]);
  });

  it('queues toasts, each for 2 s', async () => {
    const { actor } = start();
    vi.useFakeTimers();
    actor.send({ type: 'TOAST', toast: { id: 'a' } });
    actor.send({ type: 'TOAST', toast: { id: 'b', tone: 'success' } });
    expect(actor.getSnapshot().context.toasts.map((t) => t.id)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(2_000);
    expect(actor.getSnapshot().context.toasts.map((t) => t.id)).toEqual(['b']);
    vi.advanceTimersByTime(2_000);
    expect(actor.getSnapshot().matches({ Toasts: 'No toast' })).toBe(true);
  });

  it('turns the waiting flag on only while requests stay open longer than a moment', () => {
    const { actor } = start();
    vi.useFakeTimers();
    actor.send({ type: 'REQUEST_STARTED' });
    actor.send({ type: 'REQUEST_STARTED' });
    expect(actor.getSnapshot().hasTag('waiting')).toBe(false);
    vi.advanceTimersByTime(300);
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    actor.send({ type: 'REQUEST_FINISHED' });
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    actor.send({ type: 'REQUEST_FINISHED' });
    expect(actor.getSnapshot().hasTag('waiting')).toBe(false);
  });

  it('accepting cookies, switching language and logging out are named effects', async () => {
    const { actor, effects } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ Boot: 'Ready' })).toBe(true));
    actor.send({ type: 'ACCEPT_COOKIES' });
    actor.send({ type: 'CHANGE_LANGUAGE', lang: 'fr' });
    actor.send({ type: 'CHANGE_LANGUAGE', lang: 'it' });
    actor.send({ type: 'LOGOUT', returnTo: '/fr/tickets' });
    expect(effects.filter((e) => !e.startsWith('load'))).toEqual(['storeCookiesAccepted', 'switchLanguage it', 'clearStoredSession', 'forgetPersonalData', 'afterLogout /fr/tickets']);
  });
});
