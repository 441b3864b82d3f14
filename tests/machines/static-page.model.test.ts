import { expect } from 'vitest';
import { describeModel } from './describe-model.js';
import { imprint, staticPageModel } from './static-page.model.js';

describeModel(staticPageModel, {
  'Loading page': (s, run) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(s.context.page).toBeNull();
    expect(run.invocations.at(-1)).toMatchObject({ src: 'loadStaticPage', input: { id: 'imprint' } });
  },
  'Showing page': (s) => {
    expect(s.hasTag('loading')).toBe(false);
    expect(s.context.page).toEqual(imprint);
  },
  'Page not found': (s, run) => {
    expect((run.event as { error?: { status?: number } }).error?.status).toBe(404);
    expect(s.can({ type: 'RETRY' })).toBe(false);
  },
  'Page failed': (s) => {
    expect(s.context.page).toBeNull();
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
});
