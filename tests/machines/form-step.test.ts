/**
 * The form step of machines/form-step.ts on a small machine of its own: what it adds to every
 * form (the tags, a refused submit that stays and calls nothing, a failure back to "Editing"
 * unless it names its target), and what does not compile (the `@ts-expect-error` lines fail
 * `npm run typecheck` the day the factory stops catching them).
 */
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { formStepOf } from '../../machines/form-step.js';
import { failureOf } from '../../machines/support.js';

type Event = { type: 'TYPED'; value: string } | { type: 'SUBMIT' };
const form = setup({
  types: { context: {} as { value: string; refused: number; saved: string | null; error: number | null }, events: {} as Event, tags: {} as 'form' | 'busy' },
  actors: {
    check: fromPromise<true, { value: string }>(async ({ input }) => {
      if (input.value === 'refused by the server') throw { status: 422 };
      if (input.value === 'lost') throw { status: 401 };
      return true;
    }),
    save: fromPromise<string, { value: string }>(async ({ input }) => input.value.toUpperCase()),
  },
  actions: {
    assignValue: assign((_, value: string) => ({ value })),
    refuse: assign(({ context }) => ({ refused: context.refused + 1 })),
    assignSaved: assign((_, saved: string) => ({ saved })),
    assignError: assign((_, error: number) => ({ error })),
  },
  guards: {
    isEmpty: ({ context }) => context.value === '',
    isUnauthorized: ({ event }) => failureOf(event).status === 401,
  },
});
const formStep = formStepOf(form);

const machine = form.createMachine({
  context: { value: '', refused: 0, saved: null, error: null },
  initial: 'Editing',
  states: {
    ...formStep({
      typing: { TYPED: { actions: { type: 'assignValue', params: ({ event }) => event.value } } },
      submit: { SUBMIT: { refuse: [{ guard: 'isEmpty', actions: 'refuse' }], send: { target: 'Checking' } } },
      calls: {
        Checking: {
          description: 'The server checks the value first.',
          invoke: {
            src: 'check',
            input: ({ context }) => ({ value: context.value }),
            onDone: 'Saving',
            onError: [{ guard: 'isUnauthorized', target: 'Gone' }, { actions: { type: 'assignError', params: () => 422 } }],
          },
        },
        Saving: {
          invoke: {
            src: 'save',
            input: ({ context }) => ({ value: context.value }),
            onDone: { target: 'Editing', actions: { type: 'assignSaved', params: ({ event }) => event.output } },
            onError: {},
          },
        },
      },
    }),
    Gone: { type: 'final' },
  },
});

/** Sends the events, then waits until the machine rests (no busy state). */
async function run(...events: Event[]): Promise<SnapshotFrom<typeof machine>> {
  const actor = createActor(machine).start();
  for (const event of events) actor.send(event);
  for (let i = 0; i < 20 && actor.getSnapshot().hasTag('busy'); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  return actor.getSnapshot();
}

describe('form step', () => {
  it('draws "Editing" and one state per call, in order, with the tags the screens read', () => {
    expect(Object.keys(machine.root.states)).toEqual(['Editing', 'Checking', 'Saving', 'Gone']);
    expect([...machine.root.states.Editing!.tags]).toEqual(['form']);
    expect([...machine.root.states.Checking!.tags]).toEqual(['form', 'busy']);
    expect(machine.root.states.Checking!.description).toBe('The server checks the value first.');
    expect(machine.root.states.Saving!.description).toBeUndefined();
  });

  it('keeps a submit the rules refuse in "Editing", and calls nothing', async () => {
    const s = await run({ type: 'SUBMIT' });
    expect(s.value).toBe('Editing');
    expect(s.context.refused).toBe(1);
    expect(Object.keys(s.children)).toEqual([]);
  });

  it('sends an accepted submit through its calls', async () => {
    const s = await run({ type: 'TYPED', value: 'ada' }, { type: 'SUBMIT' });
    expect(s.value).toBe('Editing');
    expect(s.context).toMatchObject({ refused: 0, saved: 'ADA', error: null });
  });

  it('takes a failure back to "Editing" unless its branch names another target', async () => {
    expect(machine.root.states.Checking!.transitions.get('xstate.error.actor.0.(machine).Checking')?.map((t) => t.target?.map((n) => n.key))).toEqual([['Gone'], ['Editing']]);
    const refused = await run({ type: 'TYPED', value: 'refused by the server' }, { type: 'SUBMIT' });
    expect(refused.value).toBe('Editing');
    expect(refused.context.error).toBe(422);
    const lost = await run({ type: 'TYPED', value: 'lost' }, { type: 'SUBMIT' });
    expect(lost.value).toBe('Gone');
  });

  it('catches what the machine does not have (typecheck)', () => {
    const step = (check: () => unknown) => check;
    const input = ({ context }: { context: { value: string } }) => ({ value: context.value });
    step(() =>
      formStep({
        // @ts-expect-error a call named in `send` must be one of `calls`
        submit: { SUBMIT: { refuse: [], send: { target: 'Saving' } } },
        calls: { Savign: { invoke: { src: 'save', input, onError: {} } } },
      }),
    );
    step(() =>
      formStep({
        // @ts-expect-error a refusal needs its guard
        submit: { SUBMIT: { refuse: [{ actions: 'refuse' }], send: { target: 'Saving' } } },
        calls: { Saving: { invoke: { src: 'save', input, onError: {} } } },
      }),
    );
    step(() =>
      formStep({
        // @ts-expect-error a guard the machine does not have
        submit: { SUBMIT: { refuse: [{ guard: 'isBlank', actions: 'refuse' }], send: { target: 'Saving' } } },
        calls: { Saving: { invoke: { src: 'save', input, onError: {} } } },
      }),
    );
    step(() =>
      formStep({
        submit: { SUBMIT: { refuse: [], send: { target: 'Saving' } } },
        // @ts-expect-error every call says what its failure does
        calls: { Saving: { invoke: { src: 'save', input } } },
      }),
    );
    step(() =>
      formStep({
        submit: { SUBMIT: { refuse: [], send: { target: 'Saving' } } },
        // @ts-expect-error a service the machine does not have
        calls: { Saving: { invoke: { src: 'store', input, onError: {} } } },
      }),
    );
    step(() =>
      formStep({
        submit: { SUBMIT: { refuse: [], send: { target: 'Saving' } } },
        // @ts-expect-error the input of the service, typed by its src
        calls: { Saving: { invoke: { src: 'save', input: ({ context }) => ({ value: context.refused }), onError: {} } } },
      }),
    );
    step(() =>
      formStep({
        // @ts-expect-error an event the machine does not have
        submit: { SAVE: { refuse: [], send: { target: 'Saving' } } },
        calls: { Saving: { invoke: { src: 'save', input, onError: {} } } },
      }),
    );
    // @ts-expect-error a machine without the tags "form" and "busy" has no form step
    step(() => formStepOf(setup({ types: { tags: {} as 'loading' } })));
  });
});
