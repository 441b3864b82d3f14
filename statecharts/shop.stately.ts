// Generated from machines/shop.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "shop",
  "description": "The shop section: articles and annual passes, a category filter, the article page with stock, quantity and pass owners (§2, §5).",
  "initial": "Starting",
  "on": {
    "OPEN_LIST": {
      "target": ".Checking the list",
      "actions": [
        "assignListRequest"
      ],
      "description": "A list link, a category link or back to the list."
    },
    "OPEN_ARTICLE": {
      "target": ".Loading article",
      "actions": [
        "assignArticleRequest"
      ],
      "description": "An article of the list (or a product link)."
    },
    "CART_CHANGED": {
      "actions": [
        "assignCartLines"
      ],
      "description": "The cart changed: what is left of the open article follows."
    }
  },
  "states": {
    "Starting": {
      "always": [
        {
          "target": "Loading article",
          "guard": "wantsArticle"
        },
        {
          "target": "Checking the list"
        }
      ]
    },
    "Checking the list": {
      "description": "The list of a section is loaded once per visit; a category only filters it.",
      "always": [
        {
          "target": "List",
          "guard": "listLoadedForSection"
        },
        {
          "target": "Loading list"
        }
      ]
    },
    "Loading list": {
      "tags": [
        "loading"
      ],
      "invoke": {
        "id": "loadList",
        "src": "loadList",
        "onDone": {
          "target": "List",
          "actions": [
            "assignList"
          ]
        },
        "onError": {
          "target": "List failed"
        }
      }
    },
    "List failed": {
      "description": "The articles could not be loaded: say so and offer to try again.",
      "on": {
        "RETRY": {
          "target": "Loading list"
        }
      }
    },
    "List": {
      "initial": "Choosing the view",
      "states": {
        "Choosing the view": {
          "always": [
            {
              "target": "Annual passes",
              "guard": "isPassSection"
            },
            {
              "target": "One category",
              "guard": "hasCategory"
            },
            {
              "target": "All articles"
            }
          ]
        },
        "All articles": {
          "meta": {
            "route": "merchandise"
          }
        },
        "One category": {
          "description": "The articles of one category (books, posters), with its own URL.",
          "meta": {
            "route": "mechandiseCategory"
          }
        },
        "Annual passes": {
          "description": "The same list view for product_kind 13, with the same category filter (§2; the category is the search param of passes).",
          "meta": {
            "route": "passes"
          }
        }
      }
    },
    "Loading article": {
      "tags": [
        "loading"
      ],
      "invoke": {
        "id": "loadArticle",
        "src": "loadArticle",
        "onDone": {
          "target": "Article",
          "actions": [
            "assignArticle"
          ]
        },
        "onError": [
          {
            "target": "Article not found",
            "guard": "isNotFound"
          },
          {
            "target": "Article failed"
          }
        ]
      }
    },
    "Article not found": {
      "description": "404: this article does not exist.",
      "meta": {
        "route": "product"
      }
    },
    "Article failed": {
      "on": {
        "RETRY": {
          "target": "Loading article"
        }
      },
      "meta": {
        "route": "product"
      }
    },
    "Article": {
      "description": "The article page (product/{id}, passes/{id} for a pass): stock in words, quantity within stock, pass owners.",
      "initial": "Checking stock",
      "on": {
        "SET_OWNER": {
          "actions": [
            "assignOwner"
          ]
        },
        "CART_CHANGED": {
          "target": ".Checking stock",
          "actions": [
            "assignCartLines"
          ],
          "description": "The cart changed (this article added or removed): the quantity stays within what is left; nothing left is \"out of stock\"."
        }
      },
      "meta": {
        "route": "product"
      },
      "states": {
        "Checking stock": {
          "always": [
            {
              "target": "Out of stock",
              "guard": "outOfStock"
            },
            {
              "target": "In stock"
            }
          ]
        },
        "Out of stock": {
          "description": "§5: stock 0 or less (or all of it already in the cart): the quantity is 0, and the page offers no quantity and no Add."
        },
        "In stock": {
          "description": "Something is left to buy: the page offers the quantity (within stock) and Add.",
          "initial": "Choosing",
          "on": {
            "SET_QUANTITY": {
              "target": ".Choosing",
              "actions": [
                "assignQuantity"
              ],
              "description": "Within stock; a pass gets one owner entry per piece."
            },
            "ADD_TO_CART": [
              {
                "target": ".Owners missing",
                "guard": "ownersIncomplete",
                "actions": [
                  "rejectOwners"
                ]
              },
              {
                "target": ".Added",
                "actions": [
                  "addToCart",
                  "assignAdded"
                ]
              }
            ]
          },
          "states": {
            "Choosing": {},
            "Owners missing": {
              "description": "Every pass needs its owner (first and last name; the address when sent elsewhere)."
            },
            "Added": {
              "description": "The line is in the cart; the page says so, and adding again adds another line."
            }
          }
        }
      }
    }
  }
});
