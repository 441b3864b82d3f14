// Generated from machines/app.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "app",
  "description": "The shop shell: boots from the remote config, then hosts every journey and applies the HTTP error policy of §8.",
  "type": "parallel",
  "on": {
    "HTTP_ERROR": [
      {
        "guard": "isUnauthorizedOutsideLogin",
        "actions": [
          "forgetSession",
          "clearStoredSession",
          "navigateToLogin"
        ],
        "description": "401/403: the login screen, with fromUnauthorized=true so it can say why."
      },
      {
        "guard": "isFirstServiceUnavailable",
        "actions": [
          "rememberServiceUnavailableReload",
          "storeServiceUnavailableReload",
          "reloadPage"
        ],
        "description": "503: reload the page once (a second one within 30 s shows a message, see Global message)."
      }
    ],
    "ACCEPT_COOKIES": {
      "actions": [
        "acceptCookies",
        "storeCookiesAccepted"
      ]
    },
    "MESSAGES_ADDED": {
      "actions": [
        "assignMessages"
      ],
      "description": "The messages of a page's parts of the catalogue, loaded with the page, join those the shell and earlier pages loaded."
    },
    "CHANGE_LANGUAGE": {
      "guard": "isDifferentLanguage",
      "actions": [
        "switchLanguage"
      ]
    },
    "LOGGED_IN": {
      "actions": [
        "signIn",
        "storeSession"
      ]
    },
    "SESSION_UPDATED": {
      "guard": "isLoggedIn",
      "actions": [
        "updateSession",
        "storeSession"
      ],
      "description": "Only while logged in: a late answer of the settings never brings a session back after logout."
    }
  },
  "states": {
    "Boot": {
      "initial": "Loading configuration",
      "states": {
        "Loading configuration": {
          "description": "Nothing renders until the remote config has arrived.",
          "tags": [
            "loading"
          ],
          "invoke": {
            "src": "loadConfig",
            "onDone": {
              "target": "Loading messages",
              "actions": [
                "assignConfig"
              ]
            },
            "onError": [
              {
                "target": "Loading configuration",
                "guard": "isLanguageNotOffered",
                "actions": [
                  "fallBackToDefaultLanguage"
                ],
                "reenter": true,
                "description": "The back end does not speak the language of the URL (404): ask again in the default language."
              },
              {
                "target": "Configuration failed"
              }
            ]
          }
        },
        "Configuration failed": {
          "description": "Retry screen in the browser language; never a blank page.",
          "on": {
            "RETRY": {
              "target": "Loading configuration"
            }
          }
        },
        "Loading messages": {
          "description": "The message catalogue of the interface language (its own chunk).",
          "tags": [
            "loading"
          ],
          "invoke": {
            "src": "loadMessages",
            "onDone": {
              "target": "Restoring session",
              "actions": [
                "assignMessages"
              ]
            },
            "onError": {
              "target": "Messages failed"
            }
          }
        },
        "Messages failed": {
          "description": "The language chunk could not be loaded (offline): same retry screen.",
          "on": {
            "RETRY": {
              "target": "Loading messages"
            }
          }
        },
        "Restoring session": {
          "description": "Saved token, customer, partner and cookie consent, each validated; an invalid value is dropped.",
          "tags": [
            "loading"
          ],
          "invoke": {
            "src": "restoreSession",
            "onDone": {
              "target": "Loading payment types",
              "actions": [
                "assignSession"
              ]
            },
            "onError": {
              "target": "Loading payment types"
            }
          }
        },
        "Loading payment types": {
          "tags": [
            "loading"
          ],
          "invoke": {
            "src": "loadPaymentTypes",
            "onDone": {
              "target": "Loading shop information",
              "actions": [
                "assignPaymentTypes"
              ]
            },
            "onError": {
              "target": "Loading shop information"
            }
          }
        },
        "Loading shop information": {
          "description": "Shop metadata and static content (banners, cookie text, social links); the shop works without them.",
          "tags": [
            "loading"
          ],
          "invoke": {
            "src": "loadShopData",
            "onDone": {
              "target": "Ready",
              "actions": [
                "assignShopData"
              ]
            },
            "onError": {
              "target": "Ready"
            }
          }
        },
        "Ready": {
          "description": "The shell is up; journeys run inside it.",
          "tags": [
            "ready"
          ]
        }
      }
    },
    "Global message": {
      "description": "The banner of §2/§8. A new message restarts its 15 s from Showing itself, so only this region re-enters.",
      "initial": "Hidden",
      "states": {
        "Hidden": {
          "on": {
            "HTTP_ERROR": [
              {
                "target": "Showing",
                "guard": "isServerError",
                "actions": [
                  "showSupportMessage"
                ],
                "description": "500: the danger message with the support address, for 15 s."
              },
              {
                "target": "Showing",
                "guard": "isRepeatedServiceUnavailable",
                "actions": [
                  "showUnavailableMessage"
                ],
                "description": "A second 503 within 30 s: say so instead of reloading forever."
              },
              {
                "target": "Showing",
                "guard": "isNetworkFailure",
                "actions": [
                  "showNetworkMessage"
                ],
                "description": "No answer or too late: tell the visitor; nothing they entered is touched."
              },
              {
                "target": "Showing",
                "guard": "isTooManyRequests",
                "actions": [
                  "showTooManyRequestsMessage"
                ],
                "description": "429 (password reset or voucher code tried too often; on the login page the form says it): wait a minute and try again."
              }
            ]
          }
        },
        "Showing": {
          "on": {
            "DISMISS_MESSAGE": {
              "target": "Hidden",
              "actions": [
                "clearGlobalMessage"
              ]
            },
            "HTTP_ERROR": [
              {
                "target": "Showing",
                "guard": "isServerError",
                "actions": [
                  "showSupportMessage"
                ],
                "reenter": true
              },
              {
                "target": "Showing",
                "guard": "isRepeatedServiceUnavailable",
                "actions": [
                  "showUnavailableMessage"
                ],
                "reenter": true
              },
              {
                "target": "Showing",
                "guard": "isNetworkFailure",
                "actions": [
                  "showNetworkMessage"
                ],
                "reenter": true
              },
              {
                "target": "Showing",
                "guard": "isTooManyRequests",
                "actions": [
                  "showTooManyRequestsMessage"
                ],
                "reenter": true
              }
            ]
          },
          "after": {
            "globalMessageDuration": {
              "target": "Hidden",
              "actions": [
                "clearGlobalMessage"
              ]
            }
          }
        }
      }
    },
    "Toasts": {
      "initial": "No toast",
      "states": {
        "No toast": {
          "on": {
            "TOAST": {
              "target": "Showing toast",
              "actions": [
                "enqueueToast"
              ]
            }
          }
        },
        "Showing toast": {
          "description": "The first toast of the queue, for 2 s or until swiped away.",
          "on": {
            "TOAST": {
              "actions": [
                "enqueueToast"
              ]
            },
            "DISMISS_TOAST": [
              {
                "target": "Showing toast",
                "guard": "hasMoreToasts",
                "actions": [
                  "dropShownToast"
                ],
                "reenter": true
              },
              {
                "target": "No toast",
                "actions": [
                  "dropShownToast"
                ]
              }
            ]
          },
          "after": {
            "toastDuration": [
              {
                "target": "Showing toast",
                "guard": "hasMoreToasts",
                "actions": [
                  "dropShownToast"
                ],
                "reenter": true
              },
              {
                "target": "No toast",
                "actions": [
                  "dropShownToast"
                ]
              }
            ]
          }
        }
      }
    },
    "Server requests": {
      "initial": "Idle",
      "states": {
        "Idle": {
          "on": {
            "REQUEST_STARTED": {
              "target": "Request open",
              "actions": [
                "countRequestStarted"
              ]
            }
          }
        },
        "Request open": {
          "description": "A short wait shows no spinner, to avoid flicker.",
          "on": {
            "REQUEST_STARTED": {
              "actions": [
                "countRequestStarted"
              ]
            },
            "REQUEST_FINISHED": [
              {
                "target": "Idle",
                "guard": "isLastRequest",
                "actions": [
                  "countRequestFinished"
                ]
              },
              {
                "actions": [
                  "countRequestFinished"
                ]
              }
            ]
          },
          "after": {
            "spinnerDelay": {
              "target": "Waiting for server"
            }
          }
        },
        "Waiting for server": {
          "tags": [
            "waiting"
          ],
          "on": {
            "REQUEST_STARTED": {
              "actions": [
                "countRequestStarted"
              ]
            },
            "REQUEST_FINISHED": [
              {
                "target": "Idle",
                "guard": "isLastRequest",
                "actions": [
                  "countRequestFinished"
                ]
              },
              {
                "actions": [
                  "countRequestFinished"
                ]
              }
            ]
          }
        }
      }
    },
    "Session end": {
      "description": "Logout: the session is forgotten at once; the back end is asked to end the token as well (issue 44), and its answer changes nothing for the visitor.",
      "initial": "Idle",
      "states": {
        "Idle": {
          "on": {
            "LOGOUT": [
              {
                "target": "Ending token",
                "guard": "isLoggedIn",
                "actions": [
                  "rememberTokenToEnd",
                  "forgetSession",
                  "clearStoredSession",
                  "forgetPersonalData",
                  "navigateAfterLogout"
                ],
                "description": "Logged in: forget the session and what was personal, go to returnTo (home when it needs a login), and have the back end end the token."
              },
              {
                "actions": [
                  "forgetSession",
                  "clearStoredSession",
                  "forgetPersonalData",
                  "navigateAfterLogout"
                ],
                "description": "No session: nothing to end; clear what is stored, personal data included, and go to returnTo."
              }
            ]
          }
        },
        "Ending token": {
          "description": "auth/logout with the old token, outside the HTTP error policy: a back end without the call (404/405), an ended token (401) or no answer leave the visitor logged out, without a message.",
          "invoke": {
            "src": "endSession",
            "onDone": {
              "target": "Idle",
              "actions": [
                "clearTokenToEnd"
              ]
            },
            "onError": {
              "target": "Idle",
              "actions": [
                "clearTokenToEnd"
              ]
            }
          },
          "on": {
            "LOGOUT": [
              {
                "target": "Ending token",
                "guard": "isLoggedIn",
                "actions": [
                  "rememberTokenToEnd",
                  "forgetSession",
                  "clearStoredSession",
                  "forgetPersonalData",
                  "navigateAfterLogout"
                ],
                "reenter": true,
                "description": "Logged in again and out again before the first answer: this token is ended too (the first call still runs to its end)."
              },
              {
                "actions": [
                  "forgetSession",
                  "clearStoredSession",
                  "forgetPersonalData",
                  "navigateAfterLogout"
                ],
                "description": "No session: nothing more to end."
              }
            ]
          }
        }
      }
    },
    "Customer record": {
      "description": "Issue 45 item 2: a logged-in session without its customer record (GET customer failed right after the login) reads it once more: the cart prices shipping for the customer's country.",
      "initial": "Nothing to read",
      "states": {
        "Nothing to read": {
          "description": "Logged out, the customer record is there, or it was read in vain for this token.",
          "always": {
            "target": "Reading the customer",
            "guard": "customerRecordMissing"
          }
        },
        "Reading the customer": {
          "description": "GET customer with the token as `_`; the session is kept with the record.",
          "invoke": {
            "src": "loadCustomer",
            "onDone": [
              {
                "target": "Nothing to read",
                "guard": "readForThisSession",
                "actions": [
                  "assignReadCustomer",
                  "storeSession"
                ]
              },
              {
                "target": "Nothing to read",
                "description": "Another login meanwhile: that record is not this session's; the new session's is read."
              }
            ],
            "onError": {
              "target": "Nothing to read",
              "actions": [
                "rememberUnreadCustomer"
              ],
              "description": "Read in vain: the shop goes on without the record (the cart lets the customer choose the country); this token is not asked again."
            }
          },
          "always": {
            "target": "Nothing to read",
            "guard": "nothingToRead",
            "description": "Logged out, or the settings brought the record, while it was read."
          }
        }
      }
    }
  }
});
