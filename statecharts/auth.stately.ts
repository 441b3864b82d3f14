// Generated from machines/auth.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "auth",
  "description": "Login, registration, guest registration, forgotten password and recovery (§2, §4, §8).",
  "initial": "Opening",
  "states": {
    "Opening": {
      "description": "Goes to the form of the screen the visitor opened.",
      "always": [
        {
          "target": "Login",
          "guard": "entersLogin"
        },
        {
          "target": "Registration",
          "guard": "entersRegistration"
        },
        {
          "target": "Guest registration",
          "guard": "entersGuestRegistration"
        },
        {
          "target": "Guest registration off",
          "guard": "entersGuestRegistrationWhileOff"
        },
        {
          "target": "Forgot password",
          "guard": "entersForgotPassword"
        },
        {
          "target": "Recovery"
        }
      ]
    },
    "Login": {
      "initial": "Editing",
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
            "src": "login",
            "onDone": {
              "target": "Loading customer",
              "actions": [
                "assignJwt"
              ]
            },
            "onError": {
              "target": "Editing",
              "actions": [
                "assignLoginFailed",
                "showToast"
              ],
              "description": "Wrong e-mail or password (or no answer): the AUTH_LOGIN_FAILED toast."
            }
          }
        },
        "Loading customer": {
          "tags": [
            "form",
            "busy"
          ],
          "invoke": {
            "src": "loadCustomer",
            "onDone": {
              "target": "#auth.Signed in",
              "actions": [
                "assignCustomer"
              ]
            },
            "onError": {
              "target": "#auth.Signed in",
              "description": "The token works; the name in the header appears on the next load."
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
      "states": {
        "Loading form fields": {
          "description": "Countries, salutations, required and visible fields come from the server.",
          "tags": [
            "loading"
          ],
          "invoke": {
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
        "notifyLoggedIn",
        "navigateTo"
      ]
    },
    "Guest registration off": {
      "description": "The guest registration flag is off (§9 default): the screen offers login and registration instead."
    },
    "Guest registration": {
      "initial": "Loading form fields",
      "states": {
        "Loading form fields": {
          "tags": [
            "loading"
          ],
          "invoke": {
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
                  "assignServerErrors"
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
                  "assignServerErrors"
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
      "entry": [
        "navigateTo"
      ]
    },
    "Recovery": {
      "initial": "Editing",
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
    "Recovered": {
      "description": "The new password is set and the visitor is logged in (§4).",
      "type": "final",
      "entry": [
        "notifyLoggedIn",
        "navigateTo"
      ]
    }
  }
});
