// Generated from machines/voucherShop.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "voucherShop",
  "description": "Vouchers by category, one voucher with its quantity or amount, into the cart (§2, §5).",
  "initial": "Starting",
  "states": {
    "Starting": {
      "always": [
        {
          "target": "Voucher page",
          "guard": "opensAVoucher"
        },
        {
          "target": "Voucher list"
        }
      ]
    },
    "Voucher list": {
      "initial": "Checking list",
      "on": {
        "OPEN_VOUCHER": {
          "target": "Voucher page",
          "actions": [
            "assignVoucherToOpen"
          ]
        }
      },
      "meta": {
        "route": "voucherList"
      },
      "states": {
        "Checking list": {
          "description": "Back from a voucher page the list is shown as loaded.",
          "always": [
            {
              "target": "Showing vouchers",
              "guard": "hasVouchers"
            },
            {
              "target": "Loading vouchers"
            }
          ]
        },
        "Loading vouchers": {
          "tags": [
            "loading"
          ],
          "invoke": {
            "id": "loadVouchers",
            "src": "loadVouchers",
            "onDone": {
              "target": "Showing vouchers",
              "actions": [
                "assignCatalogue"
              ]
            },
            "onError": {
              "target": "Vouchers failed"
            }
          }
        },
        "Showing vouchers": {
          "description": "Grouped by category, each with image, name and price or \"amount of your choice\"."
        },
        "Vouchers failed": {
          "on": {
            "RETRY": {
              "target": "Loading vouchers"
            }
          }
        }
      }
    },
    "Voucher page": {
      "initial": "Loading voucher",
      "on": {
        "BACK_TO_LIST": {
          "target": "Voucher list",
          "actions": [
            "forgetVoucher"
          ]
        },
        "OPEN_VOUCHER": {
          "target": "Voucher page",
          "actions": [
            "assignVoucherToOpen"
          ],
          "reenter": true
        }
      },
      "meta": {
        "route": "voucherSingle"
      },
      "states": {
        "Loading voucher": {
          "tags": [
            "loading"
          ],
          "invoke": {
            "id": "loadVoucher",
            "src": "loadVoucher",
            "onDone": {
              "target": "Choosing",
              "actions": [
                "assignVoucher"
              ]
            },
            "onError": [
              {
                "target": "Voucher not found",
                "guard": "isNotFound"
              },
              {
                "target": "Voucher failed"
              }
            ]
          }
        },
        "Voucher not found": {
          "description": "No such voucher (404): nothing to retry."
        },
        "Voucher failed": {
          "description": "No answer: try again.",
          "on": {
            "RETRY": {
              "target": "Loading voucher"
            }
          }
        },
        "Choosing": {
          "initial": "Editing",
          "on": {
            "SET_QUANTITY": {
              "target": ".Editing",
              "actions": [
                "assignQuantity"
              ]
            },
            "SET_AMOUNT": {
              "target": ".Editing",
              "actions": [
                "assignAmount"
              ],
              "description": "A new amount: an old complaint about it goes away."
            },
            "ADD_TO_CART": [
              {
                "target": ".Amount missing",
                "guard": "amountMissing"
              },
              {
                "target": ".Amount too low",
                "guard": "amountTooLow"
              },
              {
                "target": ".Amount too high",
                "guard": "amountTooHigh"
              },
              {
                "target": "Added",
                "actions": [
                  "addToCart",
                  "assignAdded"
                ]
              }
            ]
          },
          "states": {
            "Editing": {},
            "Amount missing": {
              "description": "A variable voucher without a number in the amount field."
            },
            "Amount too low": {
              "description": "Below the voucher's min_amount."
            },
            "Amount too high": {
              "description": "Above the voucher's max_amount."
            }
          }
        },
        "Added": {
          "description": "The voucher is in the cart: go to the cart, choose another, or change and add again.",
          "on": {
            "SET_QUANTITY": {
              "target": "Choosing.Editing",
              "actions": [
                "assignQuantity"
              ]
            },
            "SET_AMOUNT": {
              "target": "Choosing.Editing",
              "actions": [
                "assignAmount"
              ]
            }
          }
        }
      }
    }
  }
});
