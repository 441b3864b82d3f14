/**
 * The remote config's title separator (§2, spec row 2.34: 'title - site name', a vertical bar in
 * some back-office variants): absent it is ' - '; a value is one short line that shows something.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AppConfigSchema, DEFAULT_TITLE_SEPARATOR, RemoteConfigSchema } from '../../src/api/schemas/config.js';
import { REMOTE_CONFIG } from '../../src/server/seed/settings.js';

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
