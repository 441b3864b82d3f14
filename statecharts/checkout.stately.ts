// Generated from machines/checkout.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "checkout",
  "description": "From the cart through the payment provider and back to the booking, whatever the provider answers (§4).",
  "initial": "Cart",
  "on": {
    "CART_CHANGED": {
      "actions": [
        "assignLines"
      ],
      "description": "The cart changed (a line removed, a suggestion added)."
    },
    "SESSION_CHANGED": {
      "actions": [
        "assignSession",
        "shipTo"
      ],
      "description": "A login or logout elsewhere in the tab: the next payment goes with the session of now, not the one the checkout started with (issue 22: a logged-out visitor paid with the old token and the old customer's shipping); the former customer's delivery address and bank details are forgotten (issue 45), and shipping follows."
    },
    "SHIPPING_CHANGED": {
      "actions": [
        "assignShipping",
        "followShippingCountry"
      ],
      "description": "The cart's shipping changed (country chosen, cost loaded or failed); a different delivery address follows its country."
    }
  },
  "states": {
    "Cart": {
      "description": "The checkout page: the cart, upselling suggestions and the payment form. Coming back to it starts without an old refusal.",
      "initial": "Checking the cart",
      "entry": [
        "clearPaymentErrors"
      ],
      "invoke": {
        "id": "voucherCode",
        "src": "voucherRedemption"
      },
      "on": {
        "PAYMENT_RETURNED": [
          {
            "target": "#checkout.Booked",
            "guard": "wasBookedEarlier",
            "actions": [
              "assignEarlierBooking"
            ],
            "description": "The return URL of a cart this session booked already (Back, opened again): its booking, nothing booked or emptied again."
          },
          {
            "target": "Payment accepted",
            "guard": "wasAccepted",
            "actions": [
              "assignProviderReturn"
            ],
            "description": "Back from the provider in a tab that kept no journey: the query carries the cart id."
          },
          {
            "target": "Payment cancelled",
            "guard": "wasCancelled",
            "actions": [
              "assignProviderReturn"
            ]
          },
          {
            "target": ".Choosing payment.Payment not completed",
            "actions": [
              "forgetPaymentAttempt"
            ]
          }
        ]
      },
      "meta": {
        "route": "checkout"
      },
      "states": {
        "Checking the cart": {
          "always": [
            {
              "target": "Choosing payment",
              "guard": "cartIsEmpty"
            },
            {
              "target": "Loading the hold",
              "guard": "hasOpenOrder",
              "description": "Back at the cart with an open order (issue 41): until when are its places held?"
            },
            {
              "target": "Loading suggestions"
            }
          ]
        },
        "Loading the hold": {
          "description": "GET checkout/cart (issue 41): until when the open order holds its places, or that the hold ran out.",
          "tags": [
            "step-cart",
            "loading",
            "loading-hold"
          ],
          "invoke": {
            "id": "loadHold",
            "src": "loadHold",
            "onDone": [
              {
                "target": "Loading suggestions",
                "guard": "isHoldExpired",
                "actions": [
                  "forgetPaymentAttempt",
                  "assignHold"
                ],
                "description": "The hold ran out: the page says so, and the next PAY makes a new order (initPayment)."
              },
              {
                "target": "Loading suggestions",
                "actions": [
                  "assignHold"
                ]
              }
            ],
            "onError": {
              "target": "Loading suggestions",
              "description": "No answer, or a back end without checkout/cart (404): nothing more is shown."
            }
          }
        },
        "Loading suggestions": {
          "description": "Upselling suggestions for the cart (checkout/suggest); the checkout works without them.",
          "tags": [
            "step-cart",
            "loading"
          ],
          "invoke": {
            "id": "loadSuggestions",
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
            "SET_DELIVERY_SAME": {
              "actions": [
                "assignDeliverySame",
                "shipTo"
              ],
              "description": "Billing or a different address: shipping follows the delivery country (issue 22 item 5)."
            },
            "SET_DELIVERY_FIELD": [
              {
                "guard": "isDeliveryCountry",
                "actions": [
                  "assignDeliveryField",
                  "shipTo"
                ],
                "description": "The delivery country is the shipping country: the cart asks for its cost (issue 22 item 5)."
              },
              {
                "actions": [
                  "assignDeliveryField"
                ]
              }
            ],
            "SET_REQUEST_INVOICE": {
              "actions": [
                "assignRequestInvoice"
              ]
            },
            "ADD_SUGGESTION": {
              "guard": "isOfferedSuggestion",
              "actions": [
                "addToCart",
                "dropSuggestion"
              ],
              "description": "Only a suggestion the page offers: none while the cart cannot be shipped (issue 16 item 5)."
            },
            "PAY": [
              {
                "target": ".Cart is empty",
                "guard": "cartIsEmpty"
              },
              {
                "target": ".Shipping pending",
                "guard": "shippingPending",
                "description": "Payment waits for shipping: choose the country, wait for the cost, or (no cost for that country) contact us."
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
                "target": "Paying the open order",
                "guard": "openOrderUnchanged",
                "actions": [
                  "clearPaymentErrors"
                ],
                "description": "After a failed payment, the unchanged cart pays the same order again (initPaymentOrder, issue 22)."
              },
              {
                "target": "Releasing the earlier order",
                "guard": "hasEarlierOrder",
                "actions": [
                  "clearPaymentErrors"
                ],
                "description": "The cart changed since an earlier payment attempt: that order lets go of its places first (issue 41)."
              },
              {
                "target": "Starting payment",
                "actions": [
                  "clearPaymentErrors"
                ],
                "description": "A new order (initPayment): the first payment, or the cart changed since."
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
              "initial": "Checking the order",
              "tags": [
                "step-payment"
              ],
              "meta": {
                "route": "checkoutFailed"
              },
              "states": {
                "Checking the order": {
                  "always": [
                    {
                      "target": "Loading the hold",
                      "guard": "hasOpenOrder"
                    },
                    {
                      "target": "Waiting for the visitor",
                      "description": "No order of this journey is known (a tab that kept no journey): nothing to ask."
                    }
                  ]
                },
                "Loading the hold": {
                  "description": "GET checkout/cart: until when the open order holds its places; a payment form on the page waits for the answer, which decides whether PAY pays the same order.",
                  "tags": [
                    "loading",
                    "loading-hold"
                  ],
                  "invoke": {
                    "id": "loadHold",
                    "src": "loadHold",
                    "onDone": [
                      {
                        "target": "Waiting for the visitor",
                        "guard": "isHoldExpired",
                        "actions": [
                          "forgetPaymentAttempt",
                          "assignHold"
                        ],
                        "description": "The hold ran out: the page says so, and the next PAY makes a new order (initPayment)."
                      },
                      {
                        "target": "Waiting for the visitor",
                        "actions": [
                          "assignHold"
                        ]
                      }
                    ],
                    "onError": {
                      "target": "Waiting for the visitor",
                      "description": "No answer, or a back end without checkout/cart (404): nothing more is shown."
                    }
                  }
                },
                "Waiting for the visitor": {
                  "description": "The page says until when the order is held, that the hold ran out, or nothing (no answer); the visitor decides."
                }
              }
            },
            "Cart is empty": {
              "tags": [
                "step-cart"
              ]
            },
            "Shipping pending": {
              "description": "PAY was refused because the shipping cost is not known yet (no country, still loading, or none for that country).",
              "tags": [
                "step-cart"
              ],
              "on": {
                "SHIPPING_CHANGED": {
                  "target": "Editing",
                  "actions": [
                    "assignShipping",
                    "followShippingCountry"
                  ],
                  "description": "The cart moved on (country chosen, cost known): the notice is no longer current."
                }
              }
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
        "Releasing the earlier order": {
          "description": "checkout/cancel of the earlier payment cart (issue 41), so that its places, stock and voucher value are free for the new order.",
          "tags": [
            "step-payment",
            "busy"
          ],
          "invoke": {
            "id": "releaseEarlierOrder",
            "src": "cancelPayment",
            "onDone": {
              "target": "Starting payment",
              "actions": [
                "forgetPaymentAttempt"
              ]
            },
            "onError": {
              "target": "Starting payment",
              "actions": [
                "forgetPaymentAttempt"
              ],
              "description": "410 (it had ended already) or no answer: the new order starts anyway; an unreleased hold runs out by itself."
            }
          }
        },
        "Starting payment": {
          "tags": [
            "step-payment",
            "busy"
          ],
          "invoke": {
            "id": "initPayment",
            "src": "initPayment",
            "onDone": {
              "target": "#checkout.At the payment provider",
              "actions": [
                "assignStartedPayment"
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
                "target": "#checkout.Session ended",
                "guard": "isUnauthorized",
                "description": "The login expired before the payment started (401)."
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
        "Paying the open order": {
          "description": "A retry after a failed payment: checkout/initPaymentOrder starts a new attempt for the same cart (§7).",
          "tags": [
            "step-payment",
            "busy"
          ],
          "invoke": {
            "id": "restartPayment",
            "src": "restartPayment",
            "onDone": {
              "target": "#checkout.At the payment provider",
              "actions": [
                "assignRestartedPayment"
              ]
            },
            "onError": [
              {
                "target": "Starting payment",
                "guard": "isGone",
                "actions": [
                  "forgetPaymentAttempt"
                ],
                "description": "That order ended meanwhile (timed out): the cart becomes a new order."
              },
              {
                "target": "Choosing payment.Payment refused",
                "guard": "isUnprocessable",
                "actions": [
                  "assignPaymentError"
                ]
              },
              {
                "target": "#checkout.Session ended",
                "guard": "isUnauthorized",
                "description": "The login expired before the open order was paid again (401)."
              },
              {
                "target": "Choosing payment.Payment could not start",
                "actions": [
                  "assignPaymentError"
                ]
              }
            ]
          }
        }
      }
    },
    "Session ended": {
      "description": "The shop answered 401 or 403 to the payment: the login expired. The shell logs the visitor out and shows the login page, saying the session ended (§8); the cart stays. This checkout ends here: after logging in, the cart's checkout starts anew.",
      "tags": [
        "step-signIn"
      ],
      "meta": {
        "route": null
      }
    },
    "At the payment provider": {
      "description": "The browser is at the provider page; the app keeps this journey in session storage until it comes back.",
      "tags": [
        "step-payment",
        "busy"
      ],
      "entry": [
        "redirectToProvider"
      ],
      "on": {
        "PAYMENT_RETURNED": [
          {
            "target": "Payment accepted",
            "guard": "wasAccepted",
            "actions": [
              "assignProviderReturn"
            ]
          },
          {
            "target": "Payment cancelled",
            "guard": "wasCancelled",
            "actions": [
              "assignProviderReturn"
            ]
          },
          {
            "target": "Cart.Choosing payment.Payment not completed",
            "actions": [
              "forgetProviderVisit"
            ],
            "description": "Failed: the order stays open for the retry (initPaymentOrder); only this visit of the provider is over."
          }
        ],
        "OPEN_CART": {
          "target": "Cart",
          "actions": [
            "forgetProviderVisit"
          ],
          "description": "Came back to the cart without paying (Back from the provider): the order stays open and holds its places (issue 41), so PAY pays it again or, for a changed cart, releases it first; a payment still made at the provider books it, not a second order."
        }
      },
      "meta": {
        "route": null
      }
    },
    "Payment accepted": {
      "description": "Back from the provider with us and sessionUs: one step remains, the booking.",
      "initial": "Checking the return",
      "tags": [
        "step-payment"
      ],
      "meta": {
        "route": "checkoutAccepted"
      },
      "states": {
        "Checking the return": {
          "always": [
            {
              "target": "#checkout.Cart.Choosing payment.Payment not completed",
              "guard": "returnDataMissing",
              "actions": [
                "forgetProviderVisit"
              ]
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
          "on": {
            "CONFIRM": {
              "target": "Booking"
            }
          }
        },
        "Booking": {
          "tags": [
            "busy"
          ],
          "invoke": {
            "id": "execPayment",
            "src": "execPayment",
            "onDone": {
              "target": "#checkout.Booked",
              "actions": [
                "assignBooking",
                "clearCart"
              ],
              "description": "Booked: the cart is emptied (only here, not when a booked return URL is opened again)."
            },
            "onError": [
              {
                "target": "Cart gone",
                "guard": "isGone",
                "actions": [
                  "forgetPaymentAttempt"
                ]
              },
              {
                "target": "Payment refunded",
                "guard": "isRefunded",
                "actions": [
                  "forgetPaymentAttempt",
                  "assignRefund"
                ],
                "description": "422 PAYMENT_REFUNDED (issue 41): the money came, but what it paid for was gone; it went back in full."
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
        "Booking refused": {
          "description": "execPayment answered 422 (not paid, sold out meanwhile …): its error is shown; the cart is kept.",
          "on": {
            "OPEN_CART": {
              "target": "#checkout.Cart"
            }
          }
        },
        "Payment refunded": {
          "description": "The payment arrived after the hold ran out and its places, stock or voucher value were taken, or the order had been cancelled: the full amount went back through the provider. The page says how much and why; the cart is kept for a new order.",
          "on": {
            "OPEN_CART": {
              "target": "#checkout.Cart"
            }
          }
        },
        "Booking request invalid": {
          "description": "execPayment answered 400: its message is shown.",
          "on": {
            "OPEN_CART": {
              "target": "#checkout.Cart"
            }
          }
        },
        "Booking failed": {
          "description": "No answer: the payment may have gone through, so asking again is safe (execPayment books once).",
          "on": {
            "RETRY": {
              "target": "Booking"
            }
          }
        },
        "Cart gone": {
          "description": "410: this cart was paid already or has timed out; check your e-mail.",
          "on": {
            "OPEN_CART": {
              "target": "#checkout.Cart"
            }
          }
        }
      }
    },
    "Booked": {
      "description": "Booked: the success page shows the booking id. The journey ends here; the app does not bring it back into a new checkout.",
      "type": "final",
      "tags": [
        "step-complete"
      ],
      "meta": {
        "route": "checkoutSuccess"
      }
    },
    "Payment cancelled": {
      "description": "Back from a cancelled payment (issue 22): the order stays open while the visitor decides. Keeping the cart pays the same order again (initPaymentOrder); clearing it ends the order (checkout/cancel, §4 \"cancel clears cart id\").",
      "initial": "Asking about the cart",
      "tags": [
        "step-payment"
      ],
      "on": {
        "OPEN_CART": {
          "target": "Cart",
          "description": "Back to the cart, as with keeping it: the order stays open for the next PAY."
        }
      },
      "meta": {
        "route": "checkoutCanceled"
      },
      "states": {
        "Asking about the cart": {
          "description": "Clear the cart, or return to it and keep every line.",
          "initial": "Checking the order",
          "on": {
            "KEEP_CART": {
              "target": "#checkout.Cart"
            },
            "CLEAR_CART": {
              "target": "Checking cart id"
            }
          },
          "states": {
            "Checking the order": {
              "always": [
                {
                  "target": "Loading the hold",
                  "guard": "hasOpenOrder"
                },
                {
                  "target": "Waiting for the visitor",
                  "description": "No order of this journey is known (a tab that kept no journey): nothing to ask."
                }
              ]
            },
            "Loading the hold": {
              "description": "GET checkout/cart: until when the open order holds its places; a payment form on the page waits for the answer, which decides whether PAY pays the same order.",
              "tags": [
                "loading-hold"
              ],
              "invoke": {
                "id": "loadHold",
                "src": "loadHold",
                "onDone": [
                  {
                    "target": "Waiting for the visitor",
                    "guard": "isHoldExpired",
                    "actions": [
                      "forgetPaymentAttempt",
                      "assignHold"
                    ],
                    "description": "The hold ran out: the page says so, and the next PAY makes a new order (initPayment)."
                  },
                  {
                    "target": "Waiting for the visitor",
                    "actions": [
                      "assignHold"
                    ]
                  }
                ],
                "onError": {
                  "target": "Waiting for the visitor",
                  "description": "No answer, or a back end without checkout/cart (404): nothing more is shown."
                }
              }
            },
            "Waiting for the visitor": {
              "description": "The page says until when the order is held, that the hold ran out, or nothing (no answer); the visitor decides."
            }
          }
        },
        "Checking cart id": {
          "always": [
            {
              "target": "Cancelling",
              "guard": "hasCartId"
            },
            {
              "target": "Cart cleared",
              "actions": [
                "clearCart"
              ],
              "description": "No order is known (a tab that kept no journey and a return without cart id): only the cart is emptied."
            }
          ]
        },
        "Cancelling": {
          "description": "checkout/cancel ends the order; 410 means it had ended already. Then the cart is emptied.",
          "tags": [
            "busy"
          ],
          "invoke": {
            "id": "cancelPayment",
            "src": "cancelPayment",
            "onDone": {
              "target": "Cart cleared",
              "actions": [
                "forgetPaymentAttempt",
                "clearCart"
              ]
            },
            "onError": {
              "target": "Cart cleared",
              "actions": [
                "forgetPaymentAttempt",
                "clearCart"
              ]
            }
          }
        },
        "Cart cleared": {
          "tags": [
            "step-cart"
          ]
        }
      }
    }
  }
});
