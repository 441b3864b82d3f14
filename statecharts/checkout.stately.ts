// Generated from machines/checkout.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "checkout",
  "description": "From the cart through login and payment to the booking, whatever the provider answers (§4).",
  "initial": "Opening",
  "states": {
    "Opening": {
      "description": "Goes to the step of the route the visitor is on.",
      "always": [
        {
          "target": "Payment accepted",
          "guard": "entersAccepted"
        },
        {
          "target": "Payment cancelled",
          "guard": "entersCanceled"
        },
        {
          "target": "Choosing payment.Payment not completed",
          "guard": "entersFailed",
          "actions": [
            "storeCartId",
            "forgetCartId"
          ]
        },
        {
          "target": "Success",
          "guard": "entersSuccess"
        },
        {
          "target": "Order review",
          "guard": "entersOrderReview"
        },
        {
          "target": "Choosing payment",
          "guard": "cartIsEmpty"
        },
        {
          "target": "Loading suggestions"
        }
      ]
    },
    "Loading suggestions": {
      "description": "Upselling suggestions for the cart (checkout/suggest); the checkout works without them.",
      "tags": [
        "step-cart",
        "loading"
      ],
      "invoke": {
        "src": "loadSuggestions",
        "onDone": {
          "target": "Choosing payment",
          "actions": [
            "assignSuggestions"
          ]
        },
        "onError": {
          "target": "Choosing payment"
        }
      }
    },
    "Choosing payment": {
      "initial": "Editing",
      "on": {
        "SELECT_PAYMENT": {
          "target": ".Editing",
          "actions": [
            "assignPayart",
            "clearPaymentErrors"
          ],
          "description": "Another method: a refusal or missing details of the previous one no longer apply."
        },
        "SELECT_WALLET": {
          "actions": [
            "assignWallet"
          ]
        },
        "SET_ACCOUNT_HOLDER": {
          "actions": [
            "assignAccountHolder"
          ]
        },
        "SET_IBAN": {
          "actions": [
            "assignIban"
          ]
        },
        "SET_TERMS": {
          "actions": [
            "assignTerms"
          ]
        },
        "SET_PRIVACY": {
          "actions": [
            "assignPrivacy"
          ]
        },
        "ADD_SUGGESTION": {
          "actions": [
            "addSuggestionToCart"
          ]
        },
        "PAY": [
          {
            "target": ".Cart is empty",
            "guard": "cartIsEmpty"
          },
          {
            "target": ".Login required",
            "guard": "needsLogin",
            "description": "'You have to login before proceeding to payment' (§6)."
          },
          {
            "target": ".Details missing",
            "guard": "paymentDetailsIncomplete",
            "actions": [
              "rejectPaymentDetails"
            ]
          },
          {
            "target": "Starting payment",
            "actions": [
              "clearPaymentErrors"
            ]
          }
        ]
      },
      "states": {
        "Editing": {
          "tags": [
            "step-cart"
          ]
        },
        "Payment not completed": {
          "description": "Back from a failed payment: 'payment not completed, try again'; the cart is untouched.",
          "tags": [
            "step-payment"
          ]
        },
        "Cart is empty": {
          "tags": [
            "step-cart"
          ]
        },
        "Login required": {
          "description": "Every method but express payment needs a login or a guest registration.",
          "tags": [
            "step-signIn"
          ],
          "on": {
            "SELECT_PAYMENT": [
              {
                "target": "Editing",
                "guard": "isExpressPayment",
                "actions": [
                  "assignPayart",
                  "clearPaymentErrors"
                ]
              },
              {
                "actions": [
                  "assignPayart"
                ],
                "description": "Another method that needs a login too: the notice stays."
              }
            ]
          }
        },
        "Details missing": {
          "description": "Terms or privacy not accepted, or the direct debit details are incomplete.",
          "tags": [
            "step-cart"
          ]
        },
        "Payment refused": {
          "description": "initPayment answered 422: its error is shown in the cart.",
          "tags": [
            "step-cart"
          ]
        },
        "Payment could not start": {
          "description": "initPayment failed otherwise (no answer): nothing was charged, try again.",
          "tags": [
            "step-cart"
          ]
        }
      }
    },
    "Starting payment": {
      "tags": [
        "step-payment",
        "busy"
      ],
      "invoke": {
        "src": "initPayment",
        "onDone": {
          "target": "Leaving for the payment provider",
          "actions": [
            "assignStartedCartId",
            "storeCartId",
            "redirectToProvider"
          ]
        },
        "onError": [
          {
            "target": "Choosing payment.Payment refused",
            "guard": "isUnprocessable",
            "actions": [
              "assignPaymentError"
            ]
          },
          {
            "target": "Choosing payment.Login required",
            "guard": "isUnauthorized",
            "description": "The session expired: the shell sends the visitor to login, which brings them back here."
          },
          {
            "target": "Choosing payment.Payment could not start",
            "actions": [
              "assignPaymentError"
            ]
          }
        ]
      }
    },
    "Leaving for the payment provider": {
      "description": "The cart id is kept; the browser is on its way to the provider page.",
      "tags": [
        "step-payment",
        "busy"
      ]
    },
    "Payment accepted": {
      "description": "Back from the provider with us and sessionUs.",
      "tags": [
        "step-payment"
      ],
      "always": [
        {
          "target": "Booked",
          "guard": "bookingAlreadyFinished",
          "description": "Reload or back/forward after the booking: never sent twice."
        },
        {
          "target": "Choosing payment.Payment not completed",
          "guard": "returnDataMissing"
        },
        {
          "target": "Confirming order",
          "guard": "confirmationRequired"
        },
        {
          "target": "Booking"
        }
      ]
    },
    "Confirming order": {
      "description": "Confirm payment is on (§9): the visitor confirms the order before it is booked.",
      "tags": [
        "step-payment"
      ],
      "on": {
        "CONFIRM": {
          "target": "Booking"
        }
      }
    },
    "Booking": {
      "tags": [
        "step-payment",
        "busy"
      ],
      "invoke": {
        "src": "execPayment",
        "onDone": {
          "target": "Booked",
          "actions": [
            "assignBooking",
            "storeFinishedBooking"
          ]
        },
        "onError": [
          {
            "target": "Cart gone",
            "guard": "isGone",
            "actions": [
              "storeCartId",
              "forgetCartId"
            ]
          },
          {
            "target": "Booking refused",
            "guard": "isUnprocessable",
            "actions": [
              "assignPaymentError"
            ]
          },
          {
            "target": "Booking request invalid",
            "guard": "isBadRequest",
            "actions": [
              "assignPaymentError"
            ]
          },
          {
            "target": "Booking failed",
            "actions": [
              "assignPaymentError"
            ]
          }
        ]
      }
    },
    "Booked": {
      "description": "Booked: the cart is emptied, the cart id forgotten, and the success page shows the booking id.",
      "type": "final",
      "tags": [
        "step-complete"
      ],
      "entry": [
        "clearCart",
        "storeCartId",
        "navigateTo"
      ]
    },
    "Booking refused": {
      "description": "execPayment answered 422 (not paid, sold out meanwhile …): its error is shown; the cart is kept.",
      "tags": [
        "step-payment"
      ]
    },
    "Booking request invalid": {
      "description": "execPayment answered 400: its message is shown.",
      "tags": [
        "step-payment"
      ]
    },
    "Booking failed": {
      "description": "No answer: the payment may have gone through, so asking again is safe (execPayment books once).",
      "tags": [
        "step-payment"
      ],
      "on": {
        "RETRY": {
          "target": "Booking"
        }
      }
    },
    "Cart gone": {
      "description": "410: this cart was paid already or has timed out; check your e-mail.",
      "tags": [
        "step-payment"
      ]
    },
    "Payment cancelled": {
      "initial": "Checking cart id",
      "tags": [
        "step-payment"
      ],
      "states": {
        "Checking cart id": {
          "always": [
            {
              "target": "Cancelling",
              "guard": "hasCartId"
            },
            {
              "target": "#checkout.Asking about the cart"
            }
          ]
        },
        "Cancelling": {
          "description": "checkout/cancel ends the payment attempt; 410 means it had ended already.",
          "tags": [
            "busy"
          ],
          "invoke": {
            "src": "cancelPayment",
            "onDone": {
              "target": "#checkout.Asking about the cart",
              "actions": [
                "storeCartId",
                "forgetCartId"
              ]
            },
            "onError": {
              "target": "#checkout.Asking about the cart",
              "actions": [
                "storeCartId",
                "forgetCartId"
              ]
            }
          }
        }
      }
    },
    "Asking about the cart": {
      "description": "Clear the cart, or return to it and keep every line.",
      "tags": [
        "step-payment"
      ],
      "on": {
        "KEEP_CART": {
          "target": "Cart kept",
          "actions": [
            "navigateTo"
          ]
        },
        "CLEAR_CART": {
          "target": "Cart cleared",
          "actions": [
            "clearCart"
          ]
        }
      }
    },
    "Cart kept": {
      "type": "final",
      "tags": [
        "step-cart"
      ]
    },
    "Cart cleared": {
      "type": "final",
      "tags": [
        "step-cart"
      ]
    },
    "Success": {
      "always": [
        {
          "target": "Showing booking",
          "guard": "hasBooking"
        },
        {
          "target": "No booking"
        }
      ]
    },
    "Showing booking": {
      "description": "The booking id and whether tickets come by e-mail.",
      "tags": [
        "step-complete"
      ]
    },
    "No booking": {
      "description": "Nothing was booked in this browser session."
    },
    "Order review": {
      "initial": "Loading order",
      "states": {
        "Loading order": {
          "tags": [
            "loading"
          ],
          "invoke": {
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
        "Order available": {},
        "Order not available": {
          "description": "406: this order is not available."
        },
        "Order failed": {
          "on": {
            "RETRY": {
              "target": "Loading order"
            }
          }
        }
      }
    }
  }
});
