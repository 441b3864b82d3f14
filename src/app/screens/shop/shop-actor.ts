import type { ActorRefFrom } from 'xstate';
import type { shopMachine } from '../../../../machines/shop.machine.js';

export type ShopActor = ActorRefFrom<typeof shopMachine>;
