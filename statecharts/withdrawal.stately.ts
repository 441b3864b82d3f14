// Generated from machines/withdrawal.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "withdrawal",
  "description": "Withdraw from contract here (Art. 11a): identify the order, choose the lines, name and e-mail, \"Confirm withdrawal\", received.",
  "initial": "Opening",
  "meta": {
    "route": "withdrawal"
  },
  "states": {
    "Opening": {
      "description": "The link of the confirmation mail (id and key), or a logged-in customer with the id, skips the identification.",
      "always": [
        {
          "target": "Finding the order",
          "guard": "opensFromLink"
        },
        {
          "target": "Identifying the order"
        }
      ]
    },
    "Identifying the order": {
      "description": "Booking number and the e-mail address of the purchase (a logged-in customer may leave the address empty).",
      "on": {
        "FIELD_CHANGED": {
          "actions": [
            "assignField"
          ]
        },
        "CONTINUE": [
          {
            "guard": "identificationInvalid",
            "actions": [
              "rejectIdentification"
            ]
          },
          {
            "target": "Finding the order",
            "actions": [
              "clearMessages"
            ]
          }
        ]
      }
    },
    "Finding the order": {
      "description": "POST order/withdrawal: the order with each line's standing (open, withdrawn, or excluded with its reason).",
      "tags": [
        "loading"
      ],
      "invoke": {
        "id": "findOrder",
        "src": "findOrder",
        "onDone": [
          {
            "target": "Choosing lines",
            "guard": "hasOpenLine",
            "actions": [
              "assignOrder"
            ]
          },
          {
            "target": "Nothing to withdraw",
            "actions": [
              "assignOrder"
            ]
          }
        ],
        "onError": [
          {
            "target": "Function off",
            "guard": "isOff"
          },
          {
            "target": "Identifying the order",
            "guard": "isNotFound",
            "actions": [
              "assignNotFound"
            ],
            "description": "One message for an unknown number and a wrong address: no order with this number and this e-mail."
          },
          {
            "target": "Nothing to withdraw",
            "guard": "isNothingOpen",
            "actions": [
              "assignNothingOpen"
            ]
          },
          {
            "target": "Finding failed",
            "actions": [
              "assignFindFailed"
            ]
          }
        ]
      }
    },
    "Finding failed": {
      "description": "No answer or a server error: try again, or change the booking number and address.",
      "on": {
        "RETRY": {
          "target": "Finding the order"
        },
        "OTHER_ORDER": {
          "target": "Identifying the order",
          "actions": [
            "clearMessages"
          ]
        }
      }
    },
    "Nothing to withdraw": {
      "description": "No line of the order may be withdrawn now: each is shown with its reason.",
      "on": {
        "OTHER_ORDER": {
          "target": "Identifying the order",
          "actions": [
            "clearMessages"
          ]
        }
      }
    },
    "Choosing lines": {
      "description": "Only open lines can be chosen; the others show why not (dated admission, period ended, used, withdrawn on …).",
      "on": {
        "LINE_TOGGLED": {
          "actions": [
            "assignLine"
          ]
        },
        "CONTINUE": [
          {
            "guard": "noLineChosen",
            "actions": [
              "rejectNoLine"
            ]
          },
          {
            "target": "Giving name and e-mail",
            "actions": [
              "clearMessages"
            ]
          }
        ]
      }
    },
    "Giving name and e-mail": {
      "description": "The name and the address of the acknowledgement, prefilled from the order or the logged-in customer.",
      "on": {
        "FIELD_CHANGED": {
          "actions": [
            "assignField"
          ]
        },
        "BACK": {
          "target": "Choosing lines",
          "actions": [
            "clearMessages"
          ]
        },
        "CONTINUE": [
          {
            "guard": "statementInvalid",
            "actions": [
              "rejectStatement"
            ]
          },
          {
            "target": "Confirming",
            "actions": [
              "clearMessages"
            ]
          }
        ]
      }
    },
    "Confirming": {
      "description": "The second step: what will be stated (lines, name, address), and the button \"Confirm withdrawal\".",
      "on": {
        "BACK": {
          "target": "Giving name and e-mail",
          "actions": [
            "clearMessages"
          ]
        },
        "CONFIRM": {
          "target": "Sending statement",
          "actions": [
            "makeRequestId"
          ],
          "description": "A new request id for this confirmation."
        }
      }
    },
    "Sending statement": {
      "description": "POST order/withdraw with the request id of this confirmation.",
      "tags": [
        "busy"
      ],
      "invoke": {
        "id": "withdraw",
        "src": "withdraw",
        "onDone": {
          "target": "Withdrawal received",
          "actions": [
            "assignResult"
          ]
        },
        "onError": [
          {
            "target": "Function off",
            "guard": "isOff"
          },
          {
            "target": "Identifying the order",
            "guard": "isNotFound",
            "actions": [
              "assignNotFound"
            ]
          },
          {
            "target": "Finding the order",
            "guard": "isNothingOpen",
            "actions": [
              "assignNoLongerOpen"
            ],
            "description": "The lines chosen are no longer open: the order is found again, the lines still open stay chosen."
          },
          {
            "target": "Choosing lines",
            "guard": "refusesLines",
            "actions": [
              "assignRefusedLines"
            ]
          },
          {
            "target": "Giving name and e-mail",
            "guard": "isValidationError",
            "actions": [
              "assignRefusedStatement"
            ],
            "description": "422: each error at its field."
          },
          {
            "target": "Sending failed",
            "actions": [
              "assignSendFailed"
            ]
          }
        ]
      }
    },
    "Sending failed": {
      "description": "No answer or a server error: the same confirmation again (the same request id), or back to the statement.",
      "on": {
        "RETRY": {
          "target": "Sending statement"
        },
        "BACK": {
          "target": "Confirming",
          "actions": [
            "clearMessages"
          ]
        }
      }
    },
    "Withdrawal received": {
      "description": "The statement with the date and time received (or the one that already held these lines); the acknowledgement is on its way.",
      "type": "final"
    },
    "Function off": {
      "description": "The shop has the withdrawal function switched off (404 WITHDRAWAL_OFF).",
      "type": "final"
    }
  }
});
