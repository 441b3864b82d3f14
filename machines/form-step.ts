/**
 * The form step, drawn once for every form of the shop (issue 23: one shape, not one copy per
 * form). A designer reads it in the chart as
 *
 *   Editing ──SUBMIT [the form's rules refuse] / field errors──▶ Editing
 *      └──────SUBMIT──▶ <call> ──▶ <next call> … ──▶ out of the step (a success page, Editing …)
 *                         └──── failure / what went wrong ──▶ Editing
 *
 * Login, registration, guest registration, forgotten password and recovery (auth.machine.ts) and
 * the four forms of the settings page (settings.machine.ts) are this step; the next form is one
 * more call of `formStep`, not a copy. The journey names its calls and says what each answer and
 * each failure does; `formStep` adds what every form does alike:
 * - "Editing" (tag `form`) takes the typing and the submit events. A submit that the form's own
 *   rules refuse (`refuse`, guarded, tried in order) stays there with its field errors and asks the
 *   server nothing; an accepted one goes to its first call (`send`).
 * - Each call is a state of its own (tags `form` and `busy`: the fields stay, the button waits)
 *   that invokes one service. Its answer goes where `onDone` says; its failure goes back to
 *   "Editing", unless the failure's branch names another target (a lost session, a check that
 *   lets the form through). Every call says what its failure does (`onError` is required).
 *
 * The step is the `states` of the journey's form state, spread beside states of its own (such as
 * "Loading form fields"). It is typed by the machine's `setup(...)`: a service, guard, action,
 * event or call the machine does not have does not compile, and the state names stay literal, so
 * the screens' tables of typed state paths (machines/<machine>.selectors.ts) see every state.
 */

/** What `setup({ … })` returns, read only for the type of its machine's state configs. */
export interface MachineSetup {
  createStateConfig: (config: never) => unknown;
}

/** A state config of the machine that `S` sets up: its context, events, services, actions, guards, tags and meta. */
export type StateConfigOf<S extends MachineSetup> = Parameters<S['createStateConfig']>[0];

/** The tags of the step: what the screens ask of a form ("form": its fields show; "busy": its answer is awaited). */
export type FormStepTag = 'form' | 'busy';

type StateConfig = { on?: unknown; invoke?: unknown; tags?: unknown };
type One<T> = T extends readonly (infer U)[] ? U : T;
type On<C extends StateConfig> = NonNullable<C['on']>;
type TransitionOf<C extends StateConfig, E extends keyof On<C>> = Exclude<One<NonNullable<On<C>[E]>>, string | undefined>;
type GuardOf<T> = T extends { guard?: infer G } ? NonNullable<G> : never;
type OnErrorOf<T> = T extends { onError?: infer E } ? NonNullable<E> : never;

/** One invoked service of the machine, typed by its `src`: its input, and what its answer and its failure do. */
export type CallOf<C extends StateConfig> = Extract<NonNullable<C['invoke']>, { src: unknown }>;
/** One branch of a call's failure (`onError`); without a target it goes back to "Editing". */
export type FailureOf<C extends StateConfig> = Exclude<One<OnErrorOf<CallOf<C>>>, string | undefined>;

/** A submit event of the form (SUBMIT, or one per button: SAVE_DETAILS, SAVE_ADDRESS …). */
export interface Submit<C extends StateConfig, E extends keyof On<C>, TCall extends string> {
  /** The form's own rules, guarded, tried in order: a refused submit stays in "Editing" with its field errors, and nothing is sent. */
  refuse: readonly (Omit<TransitionOf<C, E>, 'target' | 'reenter'> & { guard: GuardOf<TransitionOf<C, E>> })[];
  /** The accepted submit: its first call (one of `calls`) and what it clears as the form is sent. */
  send: Omit<TransitionOf<C, E>, 'target' | 'guard' | 'reenter'> & { target: NoInfer<TCall> };
}

/** A call of the step: one state that invokes one service, and says what its failure does. */
export interface Call<C extends StateConfig> {
  description?: string;
  invoke: CallOf<C> & { onError: OnErrorOf<CallOf<C>> };
}

export interface FormStep<C extends StateConfig, TCall extends string> {
  /** What the typing does in "Editing" (the events of the form's fields), before the submits. */
  typing?: On<C>;
  /** The submit events of the form. */
  submit: { [E in keyof On<C>]?: Submit<C, E, TCall> };
  /** The services the step calls, each a state of that name ("Signing in", "Saving address" …), in the order the chart shows them. */
  calls: Record<TCall, Call<C>>;
}

/** A state of the step: a leaf of the chart (no states of its own). */
export type FormStepState<C extends StateConfig> = Omit<C, 'states' | 'initial' | 'type' | 'history' | 'onDone'>;
/** The states of the step: "Editing" and one per call. */
export type FormStates<C extends StateConfig, TCall extends string> = Record<'Editing' | TCall, FormStepState<C>>;

/** The machine's tags must include the step's: a machine without them is refused at `formStepOf`. */
type WithFormTags<S extends MachineSetup> = [FormStepTag] extends [One<NonNullable<StateConfigOf<S>['tags']>>] ? unknown : { 'the tags of the machine must include': FormStepTag };

/** A branch of a failure, read without its types (the factory only fills in a missing target). */
type Branch = string | { target?: unknown };

/** A failure without a target goes back to "Editing"; one with a target (or a bare target) stays as it is. */
const backToEditing = (branch: Branch): Branch => (typeof branch === 'string' || branch.target !== undefined ? branch : { ...branch, target: 'Editing' });

/**
 * The `formStep` of the machine that `machineSetup` sets up (read for its types only):
 *
 *   const auth = setup({ … });
 *   const formStep = formStepOf(auth);
 *   … Login: { initial: 'Editing', states: formStep({ typing, submit: { SUBMIT: { refuse, send } }, calls }) }
 */
export function formStepOf<S extends MachineSetup>(_machineSetup: S & WithFormTags<S>) {
  type C = StateConfigOf<S>;
  return function formStep<const TCall extends string>(step: FormStep<C, TCall>): FormStates<C, TCall> {
    const submits = Object.entries(step.submit as Record<string, { refuse: readonly object[]; send: object }>).map(([event, submit]): [string, object[]] => [event, [...submit.refuse, submit.send]]);
    const editing = { tags: 'form', on: { ...(step.typing as object | undefined), ...Object.fromEntries(submits) } };
    const calls = Object.entries(step.calls as Record<string, { description?: string; invoke: { onError: Branch | readonly Branch[] } }>).map(([name, call]): [string, object] => [
      name,
      {
        ...(call.description === undefined ? {} : { description: call.description }),
        tags: ['form', 'busy'] satisfies FormStepTag[],
        invoke: { ...call.invoke, onError: [call.invoke.onError].flat().map(backToEditing) },
      },
    ]);
    return { Editing: editing, ...Object.fromEntries(calls) } as FormStates<C, TCall>;
  };
}
