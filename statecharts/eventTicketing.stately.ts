// Generated from machines/eventTicketing.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "eventTicketing",
  "description": "Timed tickets: from the event list to a date, a time and counts, into the cart (§2, §5).",
  "initial": "Starting",
  "states": {
    "Starting": {
      "description": "Opens the ticket page when the route names an event, else the event list.",
      "always": [
        {
          "target": "Ticket page",
          "guard": "hasEventToOpen"
        },
        {
          "target": "Event list"
        }
      ]
    },
    "Event list": {
      "initial": "Checking list",
      "on": {
        "OPEN_EVENT": {
          "target": "Ticket page",
          "actions": [
            "assignEventToOpen"
          ]
        }
      },
      "meta": {
        "route": "tickets"
      },
      "states": {
        "Checking list": {
          "description": "Coming back to the list shows the events already loaded.",
          "always": [
            {
              "target": "Showing events",
              "guard": "hasEvents"
            },
            {
              "target": "Loading events"
            }
          ]
        },
        "Loading events": {
          "tags": [
            "loading"
          ],
          "invoke": {
            "id": "loadEvents",
            "src": "loadEvents",
            "onDone": {
              "target": "Showing events",
              "actions": [
                "assignEvents"
              ]
            },
            "onError": {
              "target": "Events failed"
            }
          }
        },
        "Showing events": {
          "description": "Events ordered by sequence_no, then by sorting_datetime where it is 0; filtered by venue and custom group.",
          "on": {
            "SET_VENUE_FILTER": {
              "actions": [
                "assignVenueFilter"
              ]
            },
            "SET_GROUP_FILTER": {
              "actions": [
                "assignGroupFilter"
              ]
            }
          }
        },
        "Events failed": {
          "description": "The event list could not be loaded (unexpected error).",
          "on": {
            "RETRY": {
              "target": "Loading events"
            }
          }
        }
      }
    },
    "Ticket page": {
      "initial": "Loading lifetime",
      "on": {
        "BACK_TO_LIST": {
          "target": "Event list",
          "actions": [
            "forgetTicketPage"
          ]
        },
        "OPEN_EVENT": {
          "target": "Ticket page",
          "actions": [
            "assignEventToOpen"
          ],
          "reenter": true
        }
      },
      "meta": {
        "route": "ticket"
      },
      "states": {
        "Loading lifetime": {
          "description": "The event and its first and last day: what is it, is it over, and which month does the calendar open on?",
          "tags": [
            "loading"
          ],
          "invoke": {
            "id": "loadLifetime",
            "src": "loadLifetime",
            "onDone": [
              {
                "target": "Event expired",
                "guard": "isLifetimeOver",
                "actions": [
                  "assignLifetime"
                ]
              },
              {
                "target": "Loading calendar",
                "actions": [
                  "assignLifetime"
                ]
              }
            ],
            "onError": [
              {
                "target": "Event not found",
                "guard": "isHttpFailure"
              },
              {
                "target": "Page failed"
              }
            ]
          }
        },
        "Loading calendar": {
          "description": "Places per day for the month plus the following month (deep=1).",
          "tags": [
            "loading"
          ],
          "invoke": {
            "id": "loadCalendar",
            "src": "loadCalendar",
            "onDone": {
              "target": "Checking requested date",
              "actions": [
                "assignCalendar",
                "showMonthWithPlaces"
              ]
            },
            "onError": [
              {
                "target": "Event not found",
                "guard": "isHttpFailure"
              },
              {
                "target": "Page failed"
              }
            ]
          }
        },
        "Checking requested date": {
          "always": [
            {
              "target": "Booking.Selection.Loading tickets",
              "guard": "isRequestedDateBookable",
              "actions": [
                "assignRequestedDate"
              ]
            },
            {
              "target": "Booking"
            }
          ]
        },
        "Event not found": {
          "description": "The event or its calendar does not exist (non-200 calendar, §8)."
        },
        "Event expired": {
          "description": "The last day of the event is past (§8 \"event expired\")."
        },
        "Page failed": {
          "description": "The ticket page could not be loaded (network failure).",
          "on": {
            "RETRY": {
              "target": "Loading lifetime"
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
              "initial": "Choosing date",
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
                    "target": ".Loading tickets",
                    "guard": "isDayAvailable",
                    "actions": [
                      "assignDate"
                    ]
                  }
                ],
                "SELECT_TIME": [
                  {
                    "target": ".Time sold out",
                    "guard": "isTimeSoldOut",
                    "actions": [
                      "assignSoldOutTime"
                    ]
                  },
                  {
                    "target": ".Setting counts",
                    "guard": "isTimeOffered",
                    "actions": [
                      "assignTime"
                    ]
                  }
                ]
              },
              "states": {
                "Choosing date": {
                  "description": "Days with places can be chosen; sold-out and closed days cannot."
                },
                "Day sold out": {
                  "description": "The visitor tried a sold-out day; another day can be chosen."
                },
                "Loading tickets": {
                  "tags": [
                    "loading"
                  ],
                  "invoke": {
                    "id": "loadTickets",
                    "src": "loadTickets",
                    "onDone": {
                      "target": "Checking offer",
                      "actions": [
                        "assignCollection"
                      ]
                    },
                    "onError": {
                      "target": "Tickets failed"
                    }
                  }
                },
                "Checking offer": {
                  "always": [
                    {
                      "target": "No results",
                      "guard": "hasNoTickets"
                    },
                    {
                      "target": "Setting counts",
                      "guard": "needsNoTime"
                    },
                    {
                      "target": "Setting counts",
                      "guard": "hasOneOpenTime",
                      "actions": [
                        "assignOnlyTime"
                      ]
                    },
                    {
                      "target": "Choosing time"
                    }
                  ]
                },
                "Tickets failed": {
                  "description": "The tickets of the date could not be loaded.",
                  "on": {
                    "RETRY": {
                      "target": "Loading tickets"
                    }
                  }
                },
                "No results": {
                  "description": "No tickets are offered for this selection (§8)."
                },
                "Choosing time": {
                  "description": "Times with places can be chosen; sold-out times cannot."
                },
                "Time sold out": {
                  "description": "The visitor tried a sold-out time; another time can be chosen."
                },
                "Setting counts": {
                  "initial": "Editing",
                  "on": {
                    "SET_COUNT": {
                      "target": ".Editing",
                      "actions": [
                        "assignCount"
                      ]
                    },
                    "SET_SUBTICKET_COUNT": {
                      "target": ".Editing",
                      "actions": [
                        "assignSubticketCount"
                      ]
                    },
                    "TOGGLE_SUBTICKET": {
                      "target": ".Editing",
                      "actions": [
                        "assignSubticketCount"
                      ]
                    },
                    "ADD_TO_CART": [
                      {
                        "target": ".Nothing chosen",
                        "guard": "hasNothingChosen"
                      },
                      {
                        "target": ".Family incomplete",
                        "guard": "hasIncompleteFamily",
                        "actions": [
                          "assignIncompleteFamilies"
                        ]
                      },
                      {
                        "target": ".Overbooked",
                        "guard": "wouldOverbook",
                        "actions": [
                          "assignOverbooking"
                        ]
                      },
                      {
                        "target": "Added to cart",
                        "actions": [
                          "assignAddedLines",
                          "addToCart",
                          "resetSelection"
                        ]
                      }
                    ]
                  },
                  "states": {
                    "Editing": {
                      "description": "Counters are capped by the timeslot and the subticket limits (§5)."
                    },
                    "Nothing chosen": {
                      "description": "Adding with no ticket chosen."
                    },
                    "Family incomplete": {
                      "description": "A family ticket needs a quantity for every component (§5)."
                    },
                    "Overbooked": {
                      "description": "More places asked for than the timeslot has left; the available count is stated (§5)."
                    }
                  }
                },
                "Added to cart": {
                  "description": "The tickets are in the cart.",
                  "exit": [
                    "forgetAddedLines"
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
