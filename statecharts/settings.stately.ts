// Generated from machines/settings.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "settings",
  "description": "Account details, delivery address, password and e-mail of a logged-in customer, on one page (§2 settings, §7).",
  "initial": "Loading account",
  "states": {
    "Loading account": {
      "description": "The customer (GET customer) and the form fields (customer/attr), with the token as `_`.",
      "tags": [
        "loading"
      ],
      "invoke": {
        "id": "loadAccount",
        "src": "loadAccount",
        "onDone": {
          "target": "Ready",
          "actions": [
            "assignAccount"
          ],
          "description": "The saved data fills the forms; a draft kept before a login detour instead, when it is this customer's (issue 45)."
        },
        "onError": [
          {
            "target": "Session expired",
            "guard": "isUnauthorized",
            "description": "The token is no longer valid: the shell goes to login (nothing typed yet)."
          },
          {
            "target": "Loading failed"
          }
        ]
      },
      "meta": {
        "route": "settings"
      }
    },
    "Loading failed": {
      "description": "No answer: the page offers to try again.",
      "on": {
        "RETRY": {
          "target": "Loading account"
        }
      },
      "meta": {
        "route": "settings"
      }
    },
    "Ready": {
      "initial": "Editing",
      "on": {
        "DETAILS_CHANGED": {
          "actions": [
            "assignField"
          ]
        },
        "ADDRESS_CHANGED": {
          "actions": [
            "assignField"
          ]
        },
        "SAME_AS_BILLING_CHANGED": {
          "actions": [
            "assignField"
          ]
        },
        "PASSWORD_CHANGED": {
          "actions": [
            "assignField"
          ]
        },
        "EMAIL_CHANGED": {
          "actions": [
            "assignField"
          ]
        }
      },
      "meta": {
        "route": "settings"
      },
      "states": {
        "Editing": {
          "tags": [
            "form"
          ],
          "on": {
            "SAVE_DETAILS": [
              {
                "guard": "detailsInvalid",
                "actions": [
                  "rejectSection"
                ]
              },
              {
                "target": "Checking details",
                "actions": [
                  "startSaving"
                ]
              }
            ],
            "SAVE_ADDRESS": [
              {
                "guard": "addressInvalid",
                "actions": [
                  "rejectSection"
                ],
                "description": "§5: 'Please fill in all fields for Shipping Address'."
              },
              {
                "target": "Saving address",
                "actions": [
                  "startSaving"
                ]
              }
            ],
            "CHANGE_PASSWORD": [
              {
                "guard": "passwordFormInvalid",
                "actions": [
                  "rejectSection"
                ]
              },
              {
                "target": "Changing password",
                "actions": [
                  "startSaving"
                ]
              }
            ],
            "CHANGE_EMAIL": [
              {
                "guard": "emailFormInvalid",
                "actions": [
                  "rejectSection"
                ]
              },
              {
                "target": "Changing e-mail",
                "actions": [
                  "startSaving"
                ]
              }
            ]
          }
        },
        "Checking details": {
          "description": "customer/validate with the token: the server checks the update without saving.",
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "validateDetails",
            "src": "validateCustomer",
            "onDone": {
              "target": "Saving details"
            },
            "onError": [
              {
                "target": "#settings.Session expired",
                "guard": "isUnauthorized",
                "actions": [
                  "keepDraft"
                ]
              },
              {
                "target": "Editing",
                "guard": "isValidationError",
                "actions": [
                  "assignServerErrors"
                ],
                "description": "422: every error next to its field."
              },
              {
                "target": "Editing",
                "actions": [
                  "assignFailure"
                ]
              }
            ]
          }
        },
        "Saving details": {
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "saveDetails",
            "src": "updateCustomer",
            "onDone": {
              "target": "Editing",
              "actions": [
                "assignSavedCustomer",
                "notifySession",
                "showToast"
              ],
              "description": "USER_SETTINGS_SAVED; the header menu shows the new name."
            },
            "onError": [
              {
                "target": "#settings.Session expired",
                "guard": "isUnauthorized",
                "actions": [
                  "keepDraft"
                ]
              },
              {
                "target": "Editing",
                "guard": "isValidationError",
                "actions": [
                  "assignServerErrors"
                ]
              },
              {
                "target": "Editing",
                "actions": [
                  "assignFailure"
                ]
              }
            ]
          }
        },
        "Saving address": {
          "description": "customer/update with the saved details and the delivery address (null: the billing address).",
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "saveAddress",
            "src": "updateCustomer",
            "onDone": {
              "target": "Editing",
              "actions": [
                "assignSavedCustomer",
                "notifySession",
                "showToast"
              ]
            },
            "onError": [
              {
                "target": "#settings.Session expired",
                "guard": "isUnauthorized",
                "actions": [
                  "keepDraft"
                ]
              },
              {
                "target": "Editing",
                "guard": "isValidationError",
                "actions": [
                  "assignServerErrors"
                ]
              },
              {
                "target": "Editing",
                "actions": [
                  "assignFailure"
                ]
              }
            ]
          }
        },
        "Changing password": {
          "description": "pwdchange with the current and the new password (MD5, as login sends it); answers a fresh token.",
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "changePassword",
            "src": "changePassword",
            "onDone": {
              "target": "Editing",
              "actions": [
                "assignNewToken",
                "notifySession",
                "showToast"
              ],
              "description": "The app keeps the fresh token: the visitor stays logged in."
            },
            "onError": [
              {
                "target": "#settings.Session expired",
                "guard": "isUnauthorized",
                "actions": [
                  "keepDraft"
                ]
              },
              {
                "target": "Editing",
                "guard": "isValidationError",
                "actions": [
                  "assignServerErrors",
                  "showToast"
                ],
                "description": "AUTH_PASSWORD_CHANGE_FAILED; a wrong current password is said on its field."
              },
              {
                "target": "Editing",
                "actions": [
                  "assignFailure"
                ]
              }
            ]
          }
        },
        "Changing e-mail": {
          "description": "emailchange with the current password: asks for the change; the link goes to the new address, a notice to the old one (issue 44).",
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "changeEmail",
            "src": "changeEmail",
            "onDone": {
              "target": "Editing",
              "actions": [
                "assignEmailRequested",
                "showToast"
              ],
              "description": "Nothing changed yet: \"we sent a confirmation to <new>; your address changes once you follow the link\" (the confirmation page says AUTH_EMAIL_CHANGE_SUCCESS)."
            },
            "onError": [
              {
                "target": "#settings.Session expired",
                "guard": "isUnauthorized",
                "actions": [
                  "keepDraft"
                ]
              },
              {
                "target": "Editing",
                "guard": "isValidationError",
                "actions": [
                  "assignServerErrors"
                ],
                "description": "422: the e-mail (invalid, taken, unchanged) or the password on its field."
              },
              {
                "target": "Editing",
                "actions": [
                  "assignFailure"
                ]
              }
            ]
          }
        }
      }
    },
    "Session expired": {
      "description": "The token expired or was revoked: the shell sends the visitor to login with returnTo and fromUnauthorized; the settings come back after login, with the draft only for the same customer.",
      "type": "final"
    }
  }
});
