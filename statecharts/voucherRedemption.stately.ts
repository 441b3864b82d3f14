// Generated from machines/voucherRedemption.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "voucherRedemption",
  "description": "A voucher code typed in the cart: looked up, then added as a cart line or refused with its reason (§5, §8).",
  "initial": "Entering",
  "on": {
    "TYPE_CODE": {
      "target": ".Entering.Typing",
      "actions": [
        "assignCode"
      ],
      "description": "Typing again starts a new entry; an old refusal or confirmation goes away."
    }
  },
  "states": {
    "Entering": {
      "initial": "Typing",
      "on": {
        "SUBMIT": [
          {
            "target": ".Code missing",
            "guard": "codeIsEmpty"
          },
          {
            "target": "#voucherRedemption.Checking",
            "actions": [
              "assignCheckedCode"
            ]
          }
        ]
      },
      "states": {
        "Typing": {},
        "Code missing": {
          "description": "Nothing but spaces was submitted: nothing is asked of the server."
        }
      }
    },
    "Checking": {
      "description": "The trimmed code is looked up; the server applies the validity rule at UTC+1.",
      "tags": [
        "busy"
      ],
      "invoke": {
        "id": "lookUp",
        "src": "lookUp",
        "onDone": {
          "target": "Valid",
          "actions": [
            "assignFound"
          ]
        },
        "onError": [
          {
            "target": "Refused.Not yet valid",
            "guard": "isNotYetValid"
          },
          {
            "target": "Refused.Expired",
            "guard": "isExpired"
          },
          {
            "target": "Refused.Nothing left",
            "guard": "hasNothingLeft"
          },
          {
            "target": "Refused.Not found",
            "guard": "isNotFound"
          },
          {
            "target": "Refused.Unknown error",
            "description": "Any other failure (no answer, 500, another 422): VOUCHER_UNKNOWN_ERROR (§8)."
          }
        ]
      }
    },
    "Valid": {
      "description": "The code can be used: its line (value still on it) goes to the cart through the cart's ADD, which either takes it or refuses it as already there; it has no other outcome.",
      "tags": [
        "busy"
      ],
      "invoke": {
        "id": "addToCart",
        "src": "addToCart",
        "onDone": [
          {
            "target": "Refused.Already in cart",
            "guard": "wasAlreadyInCart"
          },
          {
            "target": "Added",
            "actions": [
              "assignAdded"
            ]
          }
        ]
      }
    },
    "Added": {
      "description": "The code is a line of the cart, showing its value, what it pays here and what remains; the field is empty for another code.",
      "on": {
        "SUBMIT": {
          "target": "Entering.Code missing",
          "description": "The field was emptied when the code was added; typing leaves this state first."
        }
      }
    },
    "Refused": {
      "description": "The code cannot be used: the reason is shown at the field in the visitor's language.",
      "initial": "Unknown error",
      "on": {
        "SUBMIT": {
          "target": "Checking",
          "actions": [
            "assignCheckedCode"
          ],
          "description": "The same code again (e.g. after no answer); typing leaves this state first."
        }
      },
      "states": {
        "Not yet valid": {
          "description": "VOUCHER_NOW_IS_BEFORE_VALID_FROM"
        },
        "Expired": {
          "description": "VOUCHER_NOW_IS_AFTER_VALID_TO"
        },
        "Nothing left": {
          "description": "VOUCHER_NO_AMOUNT_LEFT: used_amount >= amount."
        },
        "Not found": {
          "description": "VOUCHER_NOT_FOUND"
        },
        "Already in cart": {
          "description": "The same code twice: the cart keeps one line per code."
        },
        "Unknown error": {
          "description": "VOUCHER_UNKNOWN_ERROR"
        }
      }
    }
  },
  "context": {
    "code": "",
    "checkedCode": "",
    "found": null,
    "added": null
  }
});
