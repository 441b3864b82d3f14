// Generated from machines/tourBooking.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "tourBooking",
  "description": "Guided tours: from the tour list to a date, a time, counts and group answers, into the cart (§2, §4, §5).",
  "initial": "Starting",
  "states": {
    "Starting": {
      "description": "Opens the tour's page when the route names a tour, else the tour list.",
      "always": [
        {
          "target": "Tour page",
          "guard": "hasTourToOpen"
        },
        {
          "target": "Tour list"
        }
      ]
    },
    "Tour list": {
      "initial": "Checking list",
      "on": {
        "OPEN_TOUR": {
          "target": "Tour page",
          "actions": [
            "assignTourToOpen"
          ]
        }
      },
      "meta": {
        "route": "guidedTours"
      },
      "states": {
        "Checking list": {
          "description": "Coming back to the list shows the tours already loaded.",
          "always": [
            {
              "target": "Showing tours",
              "guard": "isListLoaded"
            },
            {
              "target": "Loading list"
            }
          ]
        },
        "Loading list": {
          "description": "Tours, categories and which tours each of the next days has.",
          "tags": [
            "loading"
          ],
          "invoke": {
            "id": "loadList",
            "src": "loadList",
            "onDone": {
              "target": "Showing tours",
              "actions": [
                "assignList"
              ]
            },
            "onError": {
              "target": "List failed"
            }
          }
        },
        "Showing tours": {
          "description": "Filtered by tour language, date, category and venue; an empty result offers the way back to every tour.",
          "on": {
            "SET_LANGUAGE_FILTER": {
              "actions": [
                "assignLanguageFilter"
              ]
            },
            "SET_DATE_FILTER": {
              "actions": [
                "assignDateFilter"
              ]
            },
            "SET_CATEGORY_FILTER": {
              "actions": [
                "assignCategoryFilter"
              ]
            },
            "SET_VENUE_FILTER": {
              "actions": [
                "assignVenueFilter"
              ]
            },
            "CLEAR_FILTERS": {
              "actions": [
                "clearFilters"
              ]
            }
          }
        },
        "List failed": {
          "description": "The tour list could not be loaded (unexpected error).",
          "on": {
            "RETRY": {
              "target": "Loading list"
            }
          }
        }
      }
    },
    "Tour page": {
      "initial": "Loading limits",
      "on": {
        "BACK_TO_LIST": {
          "target": "Tour list",
          "actions": [
            "forgetTourPage"
          ]
        },
        "OPEN_TOUR": {
          "target": "Tour page",
          "actions": [
            "assignTourToOpen"
          ],
          "reenter": true
        }
      },
      "meta": {
        "route": "guidedTour"
      },
      "states": {
        "Loading limits": {
          "description": "First and last day of the tour: is it over, and which month does the calendar open on?",
          "tags": [
            "loading"
          ],
          "invoke": {
            "id": "loadLimits",
            "src": "loadLimits",
            "onDone": [
              {
                "target": "Tour over",
                "guard": "isLifetimeOver",
                "actions": [
                  "assignLimits"
                ]
              },
              {
                "target": "Loading calendar",
                "actions": [
                  "assignLimits"
                ]
              }
            ],
            "onError": [
              {
                "target": "Tour not found",
                "guard": "isHttpFailure"
              },
              {
                "target": "Page failed"
              }
            ]
          }
        },
        "Loading calendar": {
          "description": "Times with places per day for the month plus the following month.",
          "tags": [
            "loading"
          ],
          "invoke": {
            "id": "loadCalendar",
            "src": "loadCalendar",
            "onDone": {
              "target": "Choosing start date",
              "actions": [
                "assignCalendar"
              ]
            },
            "onError": [
              {
                "target": "Tour not found",
                "guard": "isHttpFailure"
              },
              {
                "target": "Page failed"
              }
            ]
          }
        },
        "Choosing start date": {
          "description": "§4: the requested date when available, else the first available day.",
          "always": [
            {
              "target": "Booking.Selection.Loading single",
              "guard": "hasStartDate",
              "actions": [
                "assignStartDate"
              ]
            },
            {
              "target": "Booking"
            }
          ]
        },
        "Tour not found": {
          "description": "The tour, its limits, its calendar or its day does not exist (non-200, §8)."
        },
        "Tour over": {
          "description": "The last day of the tour is past: nothing can be booked any more."
        },
        "Page failed": {
          "description": "The tour page could not be loaded (network failure).",
          "on": {
            "RETRY": {
              "target": "Loading limits"
            }
          }
        },
        "Booking": {
          "type": "parallel",
          "states": {
            "Calendar": {
              "description": "The month shown, and more months loaded on the way (§9: the month plus the following month).",
              "initial": "Shown",
              "on": {
                "SHOW_MONTH": [
                  {
                    "target": ".Shown",
                    "guard": "isMonthLoaded",
                    "actions": [
                      "assignVisibleMonth"
                    ]
                  },
                  {
                    "target": ".Loading month",
                    "guard": "isMonthBookable",
                    "actions": [
                      "assignMonthToShow"
                    ]
                  }
                ]
              },
              "states": {
                "Shown": {},
                "Loading month": {
                  "description": "The days of the month asked for (and the one after); the grid keeps showing the current month, whose days can still be chosen, until they are there.",
                  "tags": [
                    "loading"
                  ],
                  "invoke": {
                    "id": "loadMoreCalendar",
                    "src": "loadCalendar",
                    "onDone": {
                      "target": "Shown",
                      "actions": [
                        "showLoadedMonth",
                        "assignCalendar"
                      ]
                    },
                    "onError": {
                      "target": "Month failed"
                    }
                  }
                },
                "Month failed": {
                  "description": "More months of the calendar could not be loaded.",
                  "on": {
                    "RETRY": {
                      "target": "Loading month"
                    }
                  }
                }
              }
            },
            "Selection": {
              "initial": "Nothing to book",
              "on": {
                "SELECT_DATE": [
                  {
                    "target": ".Day sold out",
                    "guard": "isDaySoldOut",
                    "actions": [
                      "assignSoldOutDate"
                    ]
                  },
                  {
                    "target": ".Loading single",
                    "guard": "isDayAvailable",
                    "actions": [
                      "assignDate"
                    ]
                  }
                ]
              },
              "states": {
                "Nothing to book": {
                  "description": "No day of the loaded months can be booked: the days with tours are sold out, or the months have no tour dates; later months may be shown and chosen."
                },
                "Day sold out": {
                  "description": "The visitor tried a sold-out day; another day can be chosen."
                },
                "Loading single": {
                  "description": "The tour on the chosen date: its times with places, slot price lists and group questions.",
                  "tags": [
                    "loading"
                  ],
                  "invoke": {
                    "id": "loadSingle",
                    "src": "loadSingle",
                    "onDone": {
                      "target": "Checking times",
                      "actions": [
                        "assignSingle"
                      ]
                    },
                    "onError": [
                      {
                        "target": "#tourBooking.Tour page.Tour not found",
                        "guard": "isHttpFailure"
                      },
                      {
                        "target": "Single failed"
                      }
                    ]
                  }
                },
                "Single failed": {
                  "description": "The tour of the chosen date could not be loaded (network failure).",
                  "on": {
                    "RETRY": {
                      "target": "Loading single"
                    }
                  }
                },
                "Checking times": {
                  "description": "§4: the only open time, else the current time when still offered, else the first open time.",
                  "always": [
                    {
                      "target": "Setting counts",
                      "guard": "hasOpenTime",
                      "actions": [
                        "assignChosenTime"
                      ]
                    },
                    {
                      "target": "Day sold out",
                      "actions": [
                        "assignSoldOutDay"
                      ]
                    }
                  ]
                },
                "Setting counts": {
                  "initial": "Editing",
                  "on": {
                    "SELECT_TIME": [
                      {
                        "target": ".Time sold out",
                        "guard": "isTimeSoldOut",
                        "actions": [
                          "assignSoldOutTime"
                        ]
                      },
                      {
                        "target": ".Editing",
                        "guard": "isTimeOffered",
                        "actions": [
                          "assignTime"
                        ]
                      }
                    ],
                    "SET_MODE": {
                      "target": ".Editing",
                      "actions": [
                        "assignMode"
                      ]
                    },
                    "SET_TOURS": {
                      "target": ".Editing",
                      "actions": [
                        "assignCount"
                      ]
                    },
                    "SET_TICKETS": {
                      "target": ".Editing",
                      "actions": [
                        "assignCount"
                      ]
                    },
                    "SET_SUBTICKETS": {
                      "target": ".Editing",
                      "actions": [
                        "assignCount"
                      ]
                    },
                    "SET_PARTICIPANTS": {
                      "target": ".Editing",
                      "guard": "asksGroupSize",
                      "actions": [
                        "assignCount"
                      ]
                    },
                    "SET_ANSWER": {
                      "target": ".Editing",
                      "actions": [
                        "assignAnswer"
                      ]
                    },
                    "CLEAR_ANSWER": {
                      "target": ".Editing",
                      "actions": [
                        "assignAnswer"
                      ]
                    },
                    "ADD_TO_CART": [
                      {
                        "target": ".Counts invalid",
                        "guard": "hasCountProblem",
                        "actions": [
                          "assignProblems"
                        ]
                      },
                      {
                        "target": ".Answers missing",
                        "guard": "hasAnswerProblem",
                        "actions": [
                          "assignProblems"
                        ]
                      },
                      {
                        "target": "Added to cart",
                        "actions": [
                          "assignAddedLine",
                          "addToCart",
                          "resetForm"
                        ]
                      }
                    ]
                  },
                  "states": {
                    "Editing": {
                      "description": "Counters are capped by the limits of §5, each shown with its reason."
                    },
                    "Time sold out": {
                      "description": "The visitor tried a sold-out time; another time can be chosen."
                    },
                    "Counts invalid": {
                      "description": "Adding was refused: no tours or participants, too many or too few, below the minimum group, tickets and participants differ."
                    },
                    "Answers missing": {
                      "description": "A mandatory group question has no answer, or an answer is not valid: said on its field ('Please answer all mandatory fields.')."
                    }
                  }
                },
                "Added to cart": {
                  "description": "The tour is in the cart.",
                  "exit": [
                    "forgetAddedLine"
                  ],
                  "on": {
                    "BUY_MORE": {
                      "target": "Setting counts"
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
});
