// Generated from machines/orders.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "orders",
  "description": "My orders: the list of a logged-in customer, and one order with its tickets, calendar entries and confirmation (issue 42).",
  "initial": "Starting",
  "states": {
    "Starting": {
      "description": "The route says which page: an order (orders/{id}) or the list.",
      "always": [
        {
          "target": "Order page",
          "guard": "opensAnOrder"
        },
        {
          "target": "Order list"
        }
      ]
    },
    "Order list": {
      "initial": "Checking list",
      "on": {
        "OPEN_ORDER": {
          "target": "Order page",
          "actions": [
            "assignOrderToOpen"
          ]
        }
      },
      "meta": {
        "route": "orders"
      },
      "states": {
        "Checking list": {
          "description": "Back from an order the list is shown as loaded.",
          "always": [
            {
              "target": "Showing orders",
              "guard": "hasOrders"
            },
            {
              "target": "Loading orders"
            }
          ]
        },
        "Loading orders": {
          "description": "GET orders with the token as `_`.",
          "tags": [
            "loading"
          ],
          "invoke": {
            "id": "listOrders",
            "src": "listOrders",
            "onDone": [
              {
                "target": "No orders yet",
                "guard": "answeredNoOrders",
                "actions": [
                  "assignOrders"
                ]
              },
              {
                "target": "Showing orders",
                "actions": [
                  "assignOrders"
                ]
              }
            ],
            "onError": [
              {
                "target": "#orders.Login needed",
                "guard": "isUnauthorized",
                "description": "The token is no longer valid: the shell goes to login."
              },
              {
                "target": "Orders failed"
              }
            ]
          }
        },
        "Showing orders": {
          "description": "Each order with its date, booking id, lines and amount; its page, PDF tickets and calendar entry."
        },
        "No orders yet": {
          "description": "The customer has not ordered anything yet: a way to the shop."
        },
        "Orders failed": {
          "description": "No answer or another error: try again.",
          "on": {
            "RETRY": {
              "target": "Loading orders"
            }
          }
        }
      }
    },
    "Order page": {
      "initial": "Loading order",
      "on": {
        "BACK_TO_LIST": {
          "target": "Order list",
          "actions": [
            "forgetOrder"
          ]
        },
        "OPEN_ORDER": {
          "target": "Order page",
          "actions": [
            "assignOrderToOpen"
          ],
          "reenter": true
        }
      },
      "meta": {
        "route": "order"
      },
      "states": {
        "Loading order": {
          "description": "GET order/review with the link's key, else the owner's token.",
          "tags": [
            "loading"
          ],
          "invoke": {
            "id": "loadOrder",
            "src": "loadOrder",
            "onDone": {
              "target": "Showing order",
              "actions": [
                "assignOrder"
              ]
            },
            "onError": [
              {
                "target": "Order not found",
                "guard": "isNotAvailable",
                "description": "406 ORDER_NOT_AVAILABLE: no such order (or not for this key)."
              },
              {
                "target": "#orders.Login needed",
                "guard": "isUnauthorized"
              },
              {
                "target": "Order failed"
              }
            ]
          }
        },
        "Order not found": {
          "description": "406: this order cannot be shown; a way back to the shop."
        },
        "Order failed": {
          "description": "No answer or another error: try again.",
          "on": {
            "RETRY": {
              "target": "Loading order"
            }
          }
        },
        "Showing order": {
          "description": "Lines, amount, visits, bought vouchers and, where the back end delivers them, the PDF, the calendar entry and where the mail went.",
          "initial": "Not sent again",
          "states": {
            "Not sent again": {
              "on": {
                "RESEND": {
                  "target": "Sending confirmation",
                  "guard": "canResend"
                }
              }
            },
            "Sending confirmation": {
              "description": "POST order/resend with the key (or the owner's token).",
              "tags": [
                "busy"
              ],
              "invoke": {
                "id": "resendConfirmation",
                "src": "resendConfirmation",
                "onDone": {
                  "target": "Confirmation sent",
                  "actions": [
                    "assignResentTo"
                  ]
                },
                "onError": [
                  {
                    "target": "Too soon to send again",
                    "guard": "isTooSoon",
                    "actions": [
                      "assignResendWait"
                    ],
                    "description": "429 ORDER_RESEND_TOO_SOON: the page says how long to wait."
                  },
                  {
                    "target": "No address to send to",
                    "guard": "hasNoAddress",
                    "description": "422 ORDER_NO_ADDRESS: the order has no address to write to."
                  },
                  {
                    "target": "#orders.Login needed",
                    "guard": "isUnauthorized"
                  },
                  {
                    "target": "Sending failed"
                  }
                ]
              }
            },
            "Confirmation sent": {
              "description": "On its way again, to the masked address the server answered.",
              "on": {
                "RESEND": {
                  "target": "Sending confirmation"
                }
              }
            },
            "Too soon to send again": {
              "description": "Sent less than a minute ago: \"send again\" comes back after the wait the server named.",
              "after": {
                "resendAllowed": {
                  "target": "Not sent again"
                }
              }
            },
            "No address to send to": {
              "description": "Nothing to send again: the page says so."
            },
            "Sending failed": {
              "description": "No answer or another error: the button tries again.",
              "on": {
                "RESEND": {
                  "target": "Sending confirmation"
                }
              }
            }
          }
        }
      }
    },
    "Login needed": {
      "description": "The token expired or was revoked: the shell sends the visitor to login with returnTo; this page comes back after login.",
      "type": "final"
    }
  }
});
