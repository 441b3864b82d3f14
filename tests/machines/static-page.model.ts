import { staticPageMachine } from '../../machines/static-page.machine.js';
import { defineModel } from './model.js';

export const imprint = { id: 'imprint', title: 'Imprint', html: '<p>Museum AG</p>' };

export const staticPageModel = defineModel({
  name: 'static-page',
  machine: staticPageMachine,
  input: { id: 'imprint' },
  events: {
    'done:loadStaticPage': { output: imprint },
    'error:loadStaticPage': [
      { error: Object.assign(new Error('Not Found'), { status: 404 }) },
      { error: Object.assign(new Error('Service Unavailable'), { status: 503 }) },
      { error: new TypeError('Failed to fetch') },
    ],
  },
});
