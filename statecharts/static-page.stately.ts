// Generated from machines/static-page.machine.ts by `npm run statecharts`. Do not edit.
// To view or edit in the Stately editor: "Import" → "From code", paste this file.
// Actions, guards, actors and delays are the names the machine gives them in setup().
import { createMachine } from 'xstate';

export const machine = createMachine({
  "id": "staticPage",
  "initial": "Loading page",
  "states": {
    "Loading page": {
      "tags": [
        "loading"
      ],
      "invoke": {
        "src": "loadStaticPage",
        "onDone": {
          "target": "Showing page",
          "actions": [
            "assignPage"
          ]
        },
        "onError": [
          {
            "target": "Page not found",
            "guard": "isNotFound"
          },
          {
            "target": "Page failed"
          }
        ]
      }
    },
    "Showing page": {},
    "Page not found": {
      "description": "The server has no page with this id."
    },
    "Page failed": {
      "description": "Network or server trouble; the visitor can try again.",
      "on": {
        "RETRY": {
          "target": "Loading page"
        }
      }
    }
  }
});
