/**
 * The journey host follows the machine's page only while the visitor is on the journey's page:
 * a step the machine takes after the visitor went elsewhere (a header link, Back) does not pull
 * them back before the router leaves the journey (issue 22, found by the session walk).
 */
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { JourneyHost, type Journey, type RouteEntry } from '../../src/app/journeys/host.js';
import type { RouteName } from '../../src/domain/routes.js';

const paths: Partial<Record<RouteName, string>> = { checkout: 'checkout', checkoutFailed: 'checkout/failed', checkoutAccepted: 'checkout/accepted' };

const machine = createMachine({
  id: 'pay',
  initial: 'form',
  states: {
    form: { meta: { route: 'checkout' }, on: { FAIL: 'failed', ACCEPT: 'accepted' } },
    failed: { meta: { route: 'checkoutFailed' } },
    accepted: { meta: { route: 'checkoutAccepted' } },
  },
});

const journey: Journey<typeof machine, null> = {
  name: 'checkout',
  machine: () => machine,
  input: () => undefined as never,
  event: () => null,
  href: (page, _snapshot, lang) => `/${lang}/${paths[page] ?? '?'}`,
};

const entry: RouteEntry = { route: 'checkout', path: '/de/checkout', params: { lang: 'de' }, search: {} };

/** A host whose visitor is at /de/checkout, and `j` entered there. */
function setUp<M extends Journey<AnyStateMachine, null>>(j: M = journey as unknown as M) {
  let location = '/de/checkout';
  const navigations: string[] = [];
  const host = new JourneyHost<null>({
    deps: null,
    lang: () => 'de',
    currentHref: () => location,
    navigate: (href) => {
      navigations.push(href);
      location = href;
    },
    storage: null,
  });
  const { actor } = host.enter(j, entry, null);
  return { host, actor, navigations, location: () => location, goTo: (href: string) => (location = href) };
}

describe('journey host', () => {
  it('takes the visitor to the page the machine goes to while they are on its page', () => {
    const { actor, navigations } = setUp();
    actor.send({ type: 'FAIL' });
    expect(navigations).toEqual(['/de/checkout/failed']);
  });

  it('does not pull back a visitor who has just gone elsewhere', () => {
    const { actor, navigations, goTo } = setUp();
    goTo('/de/tickets');
    actor.send({ type: 'FAIL' });
    expect(navigations).toEqual([]);
  });

  it('follows again once the visitor is on the page the machine last showed', () => {
    const { actor, navigations, goTo } = setUp();
    goTo('/de/tickets');
    goTo('/de/checkout?x=1');
    actor.send({ type: 'ACCEPT' });
    expect(navigations).toEqual(['/de/checkout/accepted']);
  });

  /**
   * A journey whose first state shows no page yet (the list still loading) and a visitor who moves
   * on before it answers (Back or Forward to an article, seen in the axe sweep): the list's page,
   * when it comes, is the page of where the journey started, not of where the visitor is.
   */
  const listMachine = createMachine({
    id: 'list',
    initial: 'loading',
    states: {
      loading: { on: { LOADED: 'list', MOVED: 'moved' } },
      list: { meta: { route: 'checkout' } },
      moved: { meta: { route: 'checkoutFailed' } },
    },
  });
  const listJourney: Journey<typeof listMachine, null> = { ...journey, machine: () => listMachine } as Journey<typeof listMachine, null>;

  const startLoading = () => setUp(listJourney);

  it('does not pull back a visitor who went elsewhere before the journey showed its first page', () => {
    const { actor, navigations, goTo } = startLoading();
    goTo('/de/checkout/accepted');
    actor.send({ type: 'LOADED' });
    expect(navigations).toEqual([]);
  });

  it('takes a visitor who stayed where the journey started to its first page', () => {
    const there = startLoading();
    there.actor.send({ type: 'LOADED' });
    // the visitor is there already: nothing to navigate
    expect(there.navigations).toEqual([]);
    const moved = startLoading();
    moved.actor.send({ type: 'MOVED' });
    expect(moved.navigations).toEqual(['/de/checkout/failed']);
  });

  /**
   * A journey without persistence that has finished (the auth journey after sending a reset link:
   * its success page lies outside its routes) and a visitor who opens one of its routes again
   * before the router has left it (the header's "Log in" right after the toast).
   */
  const doneMachine = createMachine({
    id: 'auth',
    initial: 'form',
    states: {
      form: { meta: { route: 'checkout' }, on: { SENT: 'sent' } },
      sent: { type: 'final', meta: { route: 'checkoutAccepted' } },
    },
  });
  const doneJourney = { ...journey, machine: () => doneMachine } as Journey<typeof doneMachine, null>;

  it('starts a finished journey anew on another of its routes, without a redirect to its final page', () => {
    const { host, actor: first, location, goTo } = setUp(doneJourney);
    first.send({ type: 'SENT' });
    expect(location()).toBe('/de/checkout/accepted');
    goTo('/de/checkout');
    const again = host.enter(doneJourney, entry, null);
    expect(again.redirect).toBeNull();
    expect(again.actor).not.toBe(first);
    expect(again.actor.getSnapshot().value).toBe('form');
    // its own final page still answers (a reload of the success page)
    again.actor.send({ type: 'SENT' });
    const final = host.enter(doneJourney, { route: 'checkoutAccepted', path: '/de/checkout/accepted', params: { lang: 'de' }, search: {} }, null);
    expect(final.actor).toBe(again.actor);
    expect(final.redirect).toBeNull();
  });
});
