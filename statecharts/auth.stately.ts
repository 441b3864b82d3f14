// Generated from machines/auth.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "auth",
  "description": "Login, registration, guest registration, forgotten password and recovery, linked as the screens link them (§2, §4, §8).",
  "initial": "Login",
  "states": {
    "Login": {
      "initial": "Editing",
      "on": {
        "OPEN_REGISTRATION": {
          "target": "Registration",
          "actions": [
            "clearErrors"
          ],
          "description": "The \"register\" link."
        },
        "OPEN_GUEST_REGISTRATION": [
          {
            "target": "Guest registration",
            "guard": "guestRegistrationEnabled",
            "actions": [
              "clearErrors"
            ],
            "description": "The \"continue as guest\" link."
          },
          {
            "target": "Guest registration off",
            "actions": [
              "clearErrors"
            ]
          }
        ],
        "OPEN_FORGOT_PASSWORD": {
          "target": "Forgot password",
          "actions": [
            "clearErrors"
          ],
          "description": "The \"forgot password\" link."
        },
        "OPEN_RECOVERY": {
          "target": "Recovery",
          "actions": [
            "assignRecoveryToken",
            "clearErrors"
          ],
          "description": "The recovery link from the e-mail."
        },
        "OPEN_EMAIL_CONFIRMATION": {
          "target": "E-mail confirmation",
          "actions": [
            "assignEmailToken"
          ],
          "description": "The link mailed to a new address (issue 44)."
        }
      },
      "meta": {
        "route": "login"
      },
      "states": {
        "Editing": {
          "tags": [
            "form"
          ],
          "on": {
            "FIELD_CHANGED": {
              "actions": [
                "assignField"
              ]
            },
            "SUBMIT": [
              {
                "guard": "loginFormInvalid",
                "actions": [
                  "rejectLogin"
                ]
              },
              {
                "target": "Signing in",
                "actions": [
                  "clearErrors"
                ]
              }
            ]
          }
        },
        "Signing in": {
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "login",
            "src": "login",
            "onDone": {
              "target": "Loading customer",
              "actions": [
                "assignJwt"
              ]
            },
            "onError": [
              {
                "target": "Editing",
                "guard": "isRateLimited",
                "actions": [
                  "assignTooManyAttempts"
                ],
                "description": "429, too many attempts: the form says to wait a minute (not \"wrong password\"; the shell says it too)."
              },
              {
                "target": "Editing",
                "guard": "isCredentialsRefused",
                "actions": [
                  "assignLoginFailed"
                ],
                "description": "401/422, the server refuses the e-mail or password: AUTH_LOGIN_FAILED, said once, at the form (an announced alert that stays, not a 2-second toast as well)."
              },
              {
                "target": "Editing",
                "guard": "isNoAnswer",
                "actions": [
                  "assignNoConnection"
                ],
                "description": "No answer (offline, timeout): \"no connection, try again\"; what was typed stays."
              },
              {
                "target": "Editing",
                "actions": [
                  "assignUnexpectedError"
                ],
                "description": "Any other failure (a 500 …): the unexpected error of §8 (the shell adds the support address); what was typed stays."
              }
            ]
          }
        },
        "Loading customer": {
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "loadCustomer",
            "src": "loadCustomer",
            "onDone": {
              "target": "#auth.Signed in",
              "actions": [
                "assignCustomer"
              ]
            },
            "onError": {
              "target": "#auth.Signed in",
              "description": "The token works; the shell reads the missing record again (issue 45 item 2)."
            }
          }
        }
      }
    },
    "Signed in": {
      "description": "Logged in: the shell keeps jwt and customer; back to returnTo, the checkout, or home.",
      "type": "final",
      "entry": [
        "notifyLoggedIn",
        "navigateBack"
      ]
    },
    "Registration": {
      "initial": "Loading form fields",
      "on": {
        "OPEN_LOGIN": {
          "target": "Login",
          "actions": [
            "clearErrors"
          ],
          "description": "The \"log in\" link."
        },
        "OPEN_GUEST_REGISTRATION": [
          {
            "target": "Guest registration",
            "guard": "guestRegistrationEnabled",
            "actions": [
              "clearErrors"
            ]
          },
          {
            "target": "Guest registration off",
            "actions": [
              "clearErrors"
            ]
          }
        ]
      },
      "meta": {
        "route": "register"
      },
      "states": {
        "Loading form fields": {
          "description": "Countries, salutations, required and visible fields come from the server.",
          "tags": [
            "loading"
          ],
          "invoke": {
            "id": "loadFormFields",
            "src": "loadFormFields",
            "onDone": {
              "target": "Editing",
              "actions": [
                "assignFormFields"
              ]
            },
            "onError": {
              "target": "Form fields failed"
            }
          }
        },
        "Form fields failed": {
          "on": {
            "RETRY": {
              "target": "Loading form fields"
            }
          }
        },
        "Editing": {
          "tags": [
            "form"
          ],
          "on": {
            "FIELD_CHANGED": {
              "actions": [
                "assignField"
              ]
            },
            "SAME_AS_BILLING_CHANGED": {
              "actions": [
                "assignDelivery"
              ],
              "description": "The cart ships: to the billing address, or to another one."
            },
            "ADDRESS_CHANGED": {
              "actions": [
                "assignDelivery"
              ]
            },
            "SUBMIT": [
              {
                "guard": "registrationFormInvalid",
                "actions": [
                  "rejectRegistration"
                ]
              },
              {
                "target": "Registering",
                "actions": [
                  "clearErrors"
                ]
              }
            ]
          }
        },
        "Registering": {
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "register",
            "src": "register",
            "onDone": {
              "target": "Loading new customer",
              "actions": [
                "assignJwt"
              ]
            },
            "onError": [
              {
                "target": "Editing",
                "guard": "isValidationError",
                "actions": [
                  "assignServerErrors"
                ],
                "description": "422: every validation error next to its field."
              },
              {
                "target": "Editing",
                "actions": [
                  "assignUnexpectedError"
                ]
              }
            ]
          }
        },
        "Loading new customer": {
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "loadNewCustomer",
            "src": "loadCustomer",
            "onDone": {
              "target": "#auth.Registered",
              "actions": [
                "assignCustomer"
              ]
            },
            "onError": {
              "target": "#auth.Registered"
            }
          }
        }
      }
    },
    "Registered": {
      "description": "Registration logs in; the register success page follows.",
      "type": "final",
      "entry": [
        "notifyLoggedIn"
      ],
      "meta": {
        "route": "registerSuccess"
      }
    },
    "Guest registration off": {
      "description": "The guest registration flag is off (§9 default): the screen offers login and registration instead.",
      "on": {
        "OPEN_LOGIN": {
          "target": "Login"
        },
        "OPEN_REGISTRATION": {
          "target": "Registration"
        }
      },
      "meta": {
        "route": "guestRegister"
      }
    },
    "Guest registration": {
      "initial": "Loading form fields",
      "on": {
        "OPEN_LOGIN": {
          "target": "Login",
          "actions": [
            "clearErrors"
          ]
        },
        "OPEN_REGISTRATION": {
          "target": "Registration",
          "actions": [
            "clearErrors"
          ]
        }
      },
      "meta": {
        "route": "guestRegister"
      },
      "states": {
        "Loading form fields": {
          "tags": [
            "loading"
          ],
          "invoke": {
            "id": "loadGuestFormFields",
            "src": "loadFormFields",
            "onDone": {
              "target": "Editing",
              "actions": [
                "assignFormFields"
              ]
            },
            "onError": {
              "target": "Form fields failed"
            }
          }
        },
        "Form fields failed": {
          "on": {
            "RETRY": {
              "target": "Loading form fields"
            }
          }
        },
        "Editing": {
          "tags": [
            "form"
          ],
          "on": {
            "FIELD_CHANGED": {
              "actions": [
                "assignField"
              ]
            },
            "SAME_AS_BILLING_CHANGED": {
              "actions": [
                "assignDelivery"
              ],
              "description": "The cart ships: to the billing address, or to another one."
            },
            "ADDRESS_CHANGED": {
              "actions": [
                "assignDelivery"
              ]
            },
            "SEND_INVOICE_CHANGED": {
              "actions": [
                "assignSendInvoice"
              ]
            },
            "SUBMIT": [
              {
                "guard": "guestFormInvalid",
                "actions": [
                  "rejectGuestRegistration"
                ]
              },
              {
                "target": "Checking billing data",
                "actions": [
                  "clearErrors"
                ]
              }
            ]
          }
        },
        "Checking billing data": {
          "description": "customer/validate without a password: a password error alone is expected for a guest.",
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "validateGuest",
            "src": "validateGuest",
            "onDone": {
              "target": "Registering guest"
            },
            "onError": [
              {
                "target": "Registering guest",
                "guard": "onlyPasswordErrorRemains"
              },
              {
                "target": "Editing",
                "guard": "isValidationError",
                "actions": [
                  "assignGuestServerErrors"
                ]
              },
              {
                "target": "Editing",
                "actions": [
                  "assignUnexpectedError"
                ]
              }
            ]
          }
        },
        "Registering guest": {
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "registerGuest",
            "src": "registerGuest",
            "onDone": {
              "target": "Loading guest",
              "actions": [
                "assignJwt"
              ]
            },
            "onError": [
              {
                "target": "Editing",
                "guard": "isValidationError",
                "actions": [
                  "assignGuestServerErrors"
                ]
              },
              {
                "target": "Editing",
                "actions": [
                  "assignUnexpectedError"
                ]
              }
            ]
          }
        },
        "Loading guest": {
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "loadGuest",
            "src": "loadCustomer",
            "onDone": {
              "target": "#auth.Signed in as guest",
              "actions": [
                "assignCustomer"
              ]
            },
            "onError": {
              "target": "#auth.Signed in as guest"
            }
          }
        }
      }
    },
    "Signed in as guest": {
      "description": "A guest token: every payment method is open; back to the checkout.",
      "type": "final",
      "entry": [
        "notifyLoggedIn",
        "navigateBack"
      ]
    },
    "Forgot password": {
      "initial": "Editing",
      "on": {
        "OPEN_LOGIN": {
          "target": "Login",
          "actions": [
            "clearErrors"
          ],
          "description": "The \"back to login\" link."
        },
        "OPEN_RECOVERY": {
          "target": "Recovery",
          "actions": [
            "assignRecoveryToken",
            "clearErrors"
          ],
          "description": "The recovery link from the e-mail."
        }
      },
      "meta": {
        "route": "forgotPassword"
      },
      "states": {
        "Editing": {
          "tags": [
            "form"
          ],
          "on": {
            "FIELD_CHANGED": {
              "actions": [
                "assignField"
              ]
            },
            "SUBMIT": [
              {
                "guard": "forgotPasswordFormInvalid",
                "actions": [
                  "rejectForgotPassword"
                ]
              },
              {
                "target": "Requesting reset",
                "actions": [
                  "clearErrors"
                ]
              }
            ]
          }
        },
        "Requesting reset": {
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "requestPasswordReset",
            "src": "requestPasswordReset",
            "onDone": {
              "target": "#auth.Reset requested",
              "actions": [
                "showToast"
              ]
            },
            "onError": {
              "target": "Editing",
              "actions": [
                "assignResetFailed",
                "showToast"
              ]
            }
          }
        }
      }
    },
    "Reset requested": {
      "description": "The recovery link was sent (if the account exists): the success page.",
      "type": "final",
      "meta": {
        "route": "forgotPasswordSuccess"
      }
    },
    "Recovery": {
      "initial": "Checking the link",
      "on": {
        "OPEN_LOGIN": {
          "target": "Login",
          "actions": [
            "clearErrors"
          ]
        },
        "OPEN_FORGOT_PASSWORD": {
          "target": "Forgot password",
          "actions": [
            "clearErrors"
          ],
          "description": "Ask for a new link."
        },
        "OPEN_RECOVERY": {
          "target": "Recovery",
          "actions": [
            "assignRecoveryToken",
            "clearErrors"
          ],
          "reenter": true,
          "description": "Another recovery link."
        }
      },
      "meta": {
        "route": "recoverAccount"
      },
      "states": {
        "Checking the link": {
          "description": "Is the mailed link still good (not used, not expired)? Asked before the form is shown.",
          "tags": [
            "loading"
          ],
          "invoke": {
            "id": "checkRecoveryLink",
            "src": "checkRecoveryLink",
            "onDone": {
              "target": "Editing"
            },
            "onError": [
              {
                "target": "Link invalid",
                "guard": "isNotFound",
                "description": "404: used, expired or invented — say so at once, offer a new link."
              },
              {
                "target": "Editing",
                "actions": [
                  "assignUnexpectedError"
                ],
                "description": "No answer: the form with a word that the link could not be checked; setting the password says what the server thinks."
              }
            ]
          }
        },
        "Link invalid": {
          "description": "The link cannot set a password: no form, a way to ask for a new link."
        },
        "Editing": {
          "tags": [
            "form"
          ],
          "on": {
            "FIELD_CHANGED": {
              "actions": [
                "assignField"
              ]
            },
            "SUBMIT": [
              {
                "guard": "recoverFormInvalid",
                "actions": [
                  "rejectRecover"
                ]
              },
              {
                "target": "Setting password",
                "actions": [
                  "clearErrors"
                ]
              }
            ]
          }
        },
        "Setting password": {
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "confirmPasswordReset",
            "src": "confirmPasswordReset",
            "onDone": {
              "target": "Loading customer",
              "actions": [
                "assignJwt"
              ]
            },
            "onError": [
              {
                "target": "Editing",
                "guard": "isMissingFields",
                "actions": [
                  "assignFillAllFields"
                ],
                "description": "400: 'You must fill all fields'."
              },
              {
                "target": "Editing",
                "guard": "isValidationError",
                "actions": [
                  "assignNewPasswordRefused",
                  "showToast"
                ],
                "description": "422: the server says why (link used or expired, …)."
              },
              {
                "target": "Editing",
                "actions": [
                  "assignUnexpectedError",
                  "showToast"
                ]
              }
            ]
          }
        },
        "Loading customer": {
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "id": "loadRecoveredCustomer",
            "src": "loadCustomer",
            "onDone": {
              "target": "#auth.Recovered",
              "actions": [
                "assignCustomer"
              ]
            },
            "onError": {
              "target": "#auth.Recovered"
            }
          }
        }
      }
    },
    "E-mail confirmation": {
      "description": "The link mailed to a new address (issue 44): following it changes the account's address; until then login stays with the old one.",
      "initial": "Confirming",
      "on": {
        "OPEN_LOGIN": {
          "target": "Login",
          "actions": [
            "clearErrors"
          ],
          "description": "The \"log in\" link."
        },
        "OPEN_EMAIL_CONFIRMATION": {
          "target": "E-mail confirmation",
          "actions": [
            "assignEmailToken"
          ],
          "reenter": true,
          "description": "Another confirmation link."
        }
      },
      "meta": {
        "route": "confirmEmail"
      },
      "states": {
        "Confirming": {
          "description": "customer/emailconfirm with the token: the address changes once.",
          "tags": [
            "loading"
          ],
          "invoke": {
            "id": "confirmEmailChange",
            "src": "confirmEmailChange",
            "onDone": {
              "target": "Confirmed",
              "actions": [
                "assignConfirmedEmail",
                "showToast"
              ]
            },
            "onError": [
              {
                "target": "Link expired",
                "guard": "isGone",
                "description": "410: older than 24 hours — ask again in the settings."
              },
              {
                "target": "Link invalid",
                "guard": "isNotFound",
                "description": "404: used, replaced by a newer request, or invented."
              },
              {
                "target": "Address taken",
                "guard": "isValidationError",
                "description": "422: the address was registered for another account meanwhile (or the link is malformed)."
              },
              {
                "target": "Confirmation failed",
                "description": "No answer or a server error: nothing changed, try again."
              }
            ]
          }
        },
        "Confirmed": {
          "description": "AUTH_EMAIL_CHANGE_SUCCESS: the new address is the account's; every earlier recovery link is void."
        },
        "Link expired": {
          "description": "The link is older than 24 hours: the address did not change."
        },
        "Link invalid": {
          "description": "The link was used, replaced by a newer one or never issued: the address did not change by it."
        },
        "Address taken": {
          "description": "Another account has the address now: the address did not change."
        },
        "Confirmation failed": {
          "description": "No answer: the page offers to try again.",
          "on": {
            "RETRY": {
              "target": "Confirming"
            }
          }
        }
      }
    },
    "Recovered": {
      "description": "The new password is set and the visitor is logged in (§4).",
      "type": "final",
      "entry": [
        "notifyLoggedIn"
      ],
      "meta": {
        "route": "recoverPasswordSuccess"
      }
    }
  }
});
