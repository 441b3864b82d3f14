// Generated from machines/orderReview.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "orderReview",
  "description": "An order by its booking id: available, or not available (406).",
  "initial": "Loading order",
  "meta": {
    "route": "orderReview"
  },
  "states": {
    "Loading order": {
      "tags": [
        "loading"
      ],
      "invoke": {
        "id": "loadOrder",
        "src": "loadOrder",
        "onDone": {
          "target": "Order available",
          "actions": [
            "assignOrder"
          ]
        },
        "onError": [
          {
            "target": "Order not available",
            "guard": "isNotAvailable"
          },
          {
            "target": "Order failed"
          }
        ]
      }
    },
    "Order available": {
      "description": "The order with its lines and total; with its key, its documents, visits and vouchers."
    },
    "Order not available": {
      "description": "406: this order is not available."
    },
    "Order failed": {
      "description": "No answer or another error: try again.",
      "on": {
        "RETRY": {
          "target": "Loading order"
        }
      }
    }
  }
});
