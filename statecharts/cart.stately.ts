// Generated from machines/cart.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "cart",
  "description": "The visitor's cart for the whole visit: lines, shipping and vouchers (§4).",
  "initial": "Restoring",
  "states": {
    "Restoring": {
      "description": "The saved cart was read from the input; a corrupt one was dropped and is now reported and removed.",
      "always": [
        {
          "target": "Ready",
          "guard": "savedCartWasCorrupt",
          "actions": [
            "warnCorruptCart",
            "removeSavedCart",
            "forgetRestoreProblem"
          ]
        },
        {
          "target": "Ready"
        }
      ]
    },
    "Ready": {
      "initial": "Checking shipping",
      "on": {
        "ADD": [
          {
            "guard": "addsOnlyKnownVoucherCodes",
            "actions": [
              "announceDuplicateVoucherCode"
            ]
          },
          {
            "guard": "addsNothingNew"
          },
          {
            "target": ".Checking shipping",
            "actions": [
              "addLines",
              "saveCart"
            ]
          }
        ],
        "REMOVE": [
          {
            "target": ".Checking shipping",
            "guard": "isTicketLineRemoved",
            "actions": [
              "trackRemoveFromCart",
              "removeLine",
              "saveCart"
            ]
          },
          {
            "target": ".Checking shipping",
            "guard": "isExistingLine",
            "actions": [
              "removeLine",
              "saveCart"
            ]
          }
        ],
        "CLEAR": {
          "target": ".Checking shipping",
          "actions": [
            "clearLines",
            "removeSavedCart"
          ]
        },
        "SET_DESTINATION": {
          "target": ".Checking shipping",
          "actions": [
            "assignDestination"
          ]
        },
        "SET_REQUEST_INVOICE": {
          "actions": [
            "assignRequestInvoice"
          ]
        }
      },
      "states": {
        "Checking shipping": {
          "description": "Shipping is asked for only with merchandise in the cart and a known destination (§4).",
          "always": [
            {
              "target": "Calculating shipping",
              "guard": "needsShipping"
            },
            {
              "target": "No shipping",
              "actions": [
                "clearShipping"
              ]
            }
          ]
        },
        "Calculating shipping": {
          "tags": [
            "busy"
          ],
          "invoke": {
            "id": "calculateShipping",
            "src": "calculateShipping",
            "onDone": {
              "target": "Shipping known",
              "actions": [
                "assignShippingCost"
              ]
            },
            "onError": {
              "target": "Shipping failed",
              "actions": [
                "assignShippingError"
              ]
            }
          }
        },
        "No shipping": {
          "description": "Nothing to ship or nowhere to ship to: the shipping cost is null."
        },
        "Shipping known": {},
        "Shipping failed": {
          "description": "The shipping call failed (e.g. no shipping to that country): the code is kept and the cost cleared (§8).",
          "on": {
            "RETRY_SHIPPING": {
              "target": "Checking shipping"
            }
          }
        }
      }
    }
  }
});
