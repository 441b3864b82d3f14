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
      "description": "The saved cart was read from the input. Bad lines were dropped: reported, and the good lines saved again; a cart with nothing good is reported and removed.",
      "always": [
        {
          "target": "Ready",
          "guard": "savedCartHadBadLines",
          "actions": [
            "warnCorruptCart",
            "saveCart",
            "forgetRestoreProblem"
          ]
        },
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
          ],
          "description": "Login, logout or a saved customer changed where goods go."
        },
        "CHOOSE_COUNTRY": {
          "target": ".Settling the country",
          "guard": "shipsGoods",
          "actions": [
            "assignChosenCountry",
            "saveCountries"
          ],
          "description": "The visitor chose the country in the cart: shipping follows by itself (issue 22 item 2). The cart offers the choice only while it ships goods."
        },
        "SHIP_TO": [
          {
            "guard": "keepsDeliveryCountry",
            "description": "The delivery address is still in that country: nothing to ask."
          },
          {
            "target": ".Checking shipping",
            "guard": "shipsNothing",
            "actions": [
              "assignDeliveryCountry",
              "saveCountries"
            ]
          },
          {
            "target": ".Settling the country",
            "actions": [
              "assignDeliveryCountry",
              "saveCountries"
            ],
            "description": "The delivery address moved to another country (issue 22 item 5): the cost follows it."
          }
        ],
        "LOAD_COUNTRIES": {
          "guard": "countryListMissing",
          "actions": [
            "askForCountryList",
            "xstate.spawnChild"
          ],
          "description": "A destination is known but the visitor may change it (a country chosen before a page load): the list is loaded once, beside the shipping."
        },
        "xstate.done.actor.countryList": {
          "actions": [
            "assignCountries",
            "forgetCountryListAsked"
          ]
        },
        "xstate.error.actor.countryList": {
          "actions": [
            "forgetCountryListAsked"
          ],
          "description": "No list: the destination is shown without a choice; asked again on the next LOAD_COUNTRIES."
        },
        "SECTIONS_CLOSED": [
          {
            "target": ".Checking shipping",
            "guard": "holdsLinesOfClosedSections",
            "actions": [
              "assignClosedSections",
              "dropLinesOfClosedSections",
              "saveCart"
            ],
            "description": "A section is switched off (issue 22 item 7): its lines leave the cart (a cart restored from the session included) and the rest is saved."
          },
          {
            "actions": [
              "assignClosedSections"
            ],
            "description": "Nothing of a switched-off section in the cart: adding its lines is refused from now on."
          }
        ],
        "RENAME_LINES": {
          "guard": "renamesSomething",
          "actions": [
            "renameLines",
            "saveCart"
          ],
          "description": "After a boot in another language: the lines take the catalogue's names in this one (issue 16 item 7); shipping is unchanged."
        }
      },
      "states": {
        "Checking shipping": {
          "description": "What does the cart ship, and where to? (§4: only goods with a known destination are priced.)",
          "always": [
            {
              "target": "No shipping",
              "guard": "shipsNothing",
              "actions": [
                "clearShipping"
              ]
            },
            {
              "target": "Destination unknown",
              "guard": "destinationUnknown",
              "actions": [
                "clearShipping"
              ]
            },
            {
              "target": "Calculating shipping"
            }
          ]
        },
        "Settling the country": {
          "description": "A country was just chosen: shipping is asked once the choice has rested (COUNTRY_SETTLE_MS); another choice meanwhile starts the wait again. The old cost is gone, payment waits.",
          "tags": [
            "busy",
            "shipping-loading"
          ],
          "entry": [
            "clearShipping"
          ],
          "after": {
            "countryChoiceSettles": {
              "target": "Checking shipping"
            }
          }
        },
        "No shipping": {
          "description": "No merchandise and no annual pass: no shipping line, the cost is null.",
          "tags": [
            "shipping-none"
          ]
        },
        "Destination unknown": {
          "description": "Goods but no country: the cart asks for the country (CHOOSE_COUNTRY); shipping is added once it is chosen and payment waits for it.",
          "initial": "Checking the country list",
          "tags": [
            "shipping-needsCountry"
          ],
          "states": {
            "Checking the country list": {
              "always": [
                {
                  "target": "Asking for the country",
                  "guard": "countriesLoaded"
                },
                {
                  "target": "Loading countries"
                }
              ]
            },
            "Loading countries": {
              "tags": [
                "loading"
              ],
              "invoke": {
                "id": "loadCountries",
                "src": "loadCountries",
                "onDone": {
                  "target": "Asking for the country",
                  "actions": [
                    "assignCountries"
                  ]
                },
                "onError": {
                  "target": "Countries unavailable"
                }
              }
            },
            "Asking for the country": {
              "description": "The country choice is shown in the cart."
            },
            "Countries unavailable": {
              "description": "The list could not be loaded: the cart says so and offers to try again.",
              "on": {
                "RETRY_COUNTRIES": {
                  "target": "Loading countries"
                }
              }
            }
          }
        },
        "Calculating shipping": {
          "description": "shipping/costs for the destination; payment waits for the answer.",
          "tags": [
            "busy",
            "shipping-loading"
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
        "Shipping known": {
          "description": "The cost is its own line and part of the total; payment may start.",
          "tags": [
            "shipping-known"
          ]
        },
        "Shipping failed": {
          "description": "No shipping costs for this country (§8): the code is kept, the cost cleared, the cart kept; 'please contact us'.",
          "tags": [
            "shipping-failed"
          ],
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
