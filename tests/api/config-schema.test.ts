/**
 * The remote config's title separator (§2, spec row 2.34: 'title - site name', a vertical bar in
 * some back-office variants): absent it is ' - '; a value is one short line that shows something.
 * Its home_view (§3, spec row 3.03): 'default' or a section's nav key; absent or unknown, 'default'.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AppConfigSchema, DEFAULT_TITLE_SEPARATOR, RemoteConfigSchema } from '../../src/api/schemas/config.js';
import { REMOTE_CONFIG } from '../../src/server/seed/settings.js';
import { HOME_VIEWS } from '../../src/domain/sections.js';

const withSeparator = (value: unknown) => ({ ...REMOTE_CONFIG, title_separator: value });

describe('title_separator', () => {
  it('is " - " when the config names none (a config stored before it existed)', () => {
    const { title_separator: _left, ...older } = REMOTE_CONFIG;
    expect(DEFAULT_TITLE_SEPARATOR).toBe(' - ');
    expect(v.parse(RemoteConfigSchema, older).title_separator).toBe(' - ');
    expect(v.parse(AppConfigSchema, older).titleSeparator).toBe(' - ');
  });

  it('takes the operator\'s separator as it is, spaces included', () => {
    for (const value of [' | ', '|', ' – ', ' · ', ' :: ']) expect(v.parse(AppConfigSchema, withSeparator(value)).titleSeparator).toBe(value);
  });

  it('refuses an empty one, only spaces, a line break or tab, more than 5 characters and a non-string', () => {
    for (const value of ['', '   ', ' |\n', '\t|', ' ||||| ', 7, null]) {
      expect(v.safeParse(RemoteConfigSchema, withSeparator(value)).success, JSON.stringify(value)).toBe(false);
    }
  });
});

describe('home_view', () => {
  const withHomeView = (value: unknown) => ({ ...REMOTE_CONFIG, home_view: value });

  it('names the default landing or one section\'s list by its nav key', () => {
    expect(HOME_VIEWS).toEqual(['default', 'tickets', 'guidedTours', 'merchandise', 'passes', 'vouchers']);
    for (const view of HOME_VIEWS) expect(v.parse(AppConfigSchema, withHomeView(view)).homeView).toBe(view);
  });

  it('is the default landing when absent (a config stored before it existed)', () => {
    const { home_view: _left, ...older } = REMOTE_CONFIG;
    expect(v.parse(AppConfigSchema, older).homeView).toBe('default');
  });

  it('takes a value this app does not know as the default landing instead of failing the whole config (a back end\'s odd value)', () => {
    for (const value of ['tours', 'Tickets', 'guided_tours', 'shop', '', 7, null, true, { view: 'tickets' }]) {
      const parsed = v.safeParse(AppConfigSchema, withHomeView(value));
      expect(parsed.success, JSON.stringify(value)).toBe(true);
      expect(parsed.success && parsed.output.homeView, JSON.stringify(value)).toBe('default');
    }
  });
});
