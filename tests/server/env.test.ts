import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTS, EnvError, loadJwtSecret, parseEnv, pgliteDir } from '../../src/server/env.js';

describe('parseEnv', () => {
  it('uses the documented defaults for an empty environment', () => {
    expect(parseEnv({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '.data/',
      databaseUrl: undefined,
      jwtSecret: undefined,
      shopApiUrl: undefined,
      supportEmail: DEFAULTS.supportEmail,
      publicUrl: undefined,
      trustProxy: false,
      cartTtlMs: undefined,
      frameAncestors: ["'self'"],
      serverRendering: true,
      smtp: undefined,
      mailFrom: 'Museum shop <shop@museum.example>',
      museumTimeZone: 'Europe/Zurich',
    });
  });

  it('reads every variable', () => {
    const env = parseEnv({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/shop',
      DATABASE_URL: 'postgres://shop:secret@db:5432/shop',
      JWT_SECRET: 'x'.repeat(40),
      SHOP_API_URL: 'https://tickets.museum.example/api/',
      SUPPORT_EMAIL: 'help@museum.example',
      PUBLIC_URL: 'https://shop.museum.example/',
      TRUST_PROXY: 'true',
      CART_TTL_SECONDS: '90',
      FRAME_ANCESTORS: "'self' https://www.museum.example https://*.museum.example/",
      SERVER_RENDERING: 'true',
      SMTP_URL: 'smtps://shop%40museum.example:p%3Ass@mail.museum.example',
      MAIL_FROM: 'Museum Kasse <kasse@museum.example>',
      MUSEUM_TIME_ZONE: 'Europe/Vienna',
    });
    expect(env).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/var/lib/shop',
      databaseUrl: 'postgres://shop:secret@db:5432/shop',
      jwtSecret: 'x'.repeat(40),
      shopApiUrl: 'https://tickets.museum.example/api',
      supportEmail: 'help@museum.example',
      publicUrl: 'https://shop.museum.example',
      trustProxy: true,
      cartTtlMs: 90_000,
      frameAncestors: ["'self'", 'https://www.museum.example', 'https://*.museum.example'],
      serverRendering: true,
      smtp: { host: 'mail.museum.example', port: 465, secure: true, user: 'shop@museum.example', pass: 'p:ss' },
      mailFrom: 'Museum Kasse <kasse@museum.example>',
      museumTimeZone: 'Europe/Vienna',
    });
    expect(parseEnv({ SERVER_RENDERING: 'false' }).serverRendering).toBe(false);
    expect(parseEnv({ SERVER_RENDERING: '0' }).serverRendering).toBe(false);
    expect(() => parseEnv({ SERVER_RENDERING: 'yes' })).toThrow(/SERVER_RENDERING must be true or false, got 'yes'/);
  });

  it('rejects a FRAME_ANCESTORS entry that is not an origin, naming it', () => {
    expect(() => parseEnv({ FRAME_ANCESTORS: "https://ok.example javascript:alert(1) 'unsafe-inline'" })).toThrow(
      /FRAME_ANCESTORS .*not: javascript:alert\(1\) 'unsafe-inline'/,
    );
    expect(() => parseEnv({ FRAME_ANCESTORS: 'https://a.example/path' })).toThrow(/FRAME_ANCESTORS/);
    expect(parseEnv({ FRAME_ANCESTORS: 'none' }).frameAncestors).toEqual(["'none'"]);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '  ', SHOP_API_URL: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      shopApiUrl: undefined,
    });
  });

  it('accepts PORT 0 (any free port) and postgresql:// URLs', () => {
    expect(parseEnv({ PORT: '0', DATABASE_URL: 'postgresql://localhost/shop' })).toMatchObject({
      port: 0,
      databaseUrl: 'postgresql://localhost/shop',
    });
  });

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['PORT', '70000', /PORT/],
    ['PORT', '-1', /PORT/],
    ['DATABASE_URL', 'mysql://localhost/shop', /DATABASE_URL/],
    ['DATABASE_URL', 'not a url', /DATABASE_URL/],
    ['JWT_SECRET', 'short', /JWT_SECRET/],
    ['SHOP_API_URL', 'ftp://museum.example/api', /SHOP_API_URL/],
    ['SHOP_API_URL', 'https://museum.example/api?x=1', /SHOP_API_URL/],
    ['SUPPORT_EMAIL', 'nobody', /SUPPORT_EMAIL/],
    ['PUBLIC_URL', 'shop.museum.example', /PUBLIC_URL/],
    ['PUBLIC_URL', 'https://shop.museum.example/de', /PUBLIC_URL/],
    ['TRUST_PROXY', 'yes please', /TRUST_PROXY/],
    ['CART_TTL_SECONDS', 'abc', /CART_TTL_SECONDS/],
    ['CART_TTL_SECONDS', '-1', /CART_TTL_SECONDS/],
    ['CART_TTL_SECONDS', '0', /CART_TTL_SECONDS/],
    ['CART_TTL_SECONDS', '1.5', /CART_TTL_SECONDS/],
    ['SMTP_URL', 'mail.museum.example:587', /SMTP_URL/],
    ['SMTP_URL', 'https://mail.museum.example', /SMTP_URL .*smtp:\/\//],
    ['SMTP_URL', 'smtp://', /SMTP_URL/],
    ['SMTP_URL', 'smtp://mail.museum.example:99999', /SMTP_URL/],
    ['SMTP_URL', 'smtp://mail.museum.example/inbox', /SMTP_URL/],
    ['SMTP_URL', 'smtp://:secret@mail.museum.example', /SMTP_URL/],
    ['MAIL_FROM', 'shop', /MAIL_FROM/],
    ['MAIL_FROM', 'Shop <shop>', /MAIL_FROM/],
    ['MAIL_FROM', 'Shop <shop@museum.example>\r\nBcc: all@example.org', /MAIL_FROM/],
    ['MAIL_FROM', 'Shop, Museum <shop@museum.example>', /MAIL_FROM/],
  ])('rejects %s=%s with a message naming it', (name, value, pattern) => {
    expect(() => parseEnv({ [name]: value })).toThrow(pattern);
  });

  it('reads SMTP_URL (smtp:// port 587 by default, smtps:// 465) and MAIL_FROM; a refused SMTP_URL is not repeated in the message', () => {
    expect(parseEnv({ SMTP_URL: 'smtp://127.0.0.1' }).smtp).toEqual({ host: '127.0.0.1', port: 587, secure: false, user: undefined, pass: undefined });
    expect(parseEnv({ SMTP_URL: 'smtp://u:p@[::1]:2525/' }).smtp).toEqual({ host: '::1', port: 2525, secure: false, user: 'u', pass: 'p' });
    expect(parseEnv({ MAIL_FROM: 'kasse@museum.example' }).mailFrom).toBe('kasse@museum.example');
    try {
      parseEnv({ SMTP_URL: 'smtp://user:hunter2@mail.museum.example/x' });
      expect.unreachable();
    } catch (error) {
      expect((error as EnvError).message).toMatch(/SMTP_URL/);
      expect((error as EnvError).message).not.toContain('hunter2');
    }
  });

  it('reads GUEST_REGISTRATION as on, off, or unset (the stored setting stays)', () => {
    expect(parseEnv({ GUEST_REGISTRATION: 'true' }).guestRegistration).toBe(true);
    expect(parseEnv({ GUEST_REGISTRATION: '0' }).guestRegistration).toBe(false);
    expect(parseEnv({}).guestRegistration).toBeUndefined();
    expect(() => parseEnv({ GUEST_REGISTRATION: 'maybe' })).toThrow(/GUEST_REGISTRATION/);
  });

  it('reads HOME_VIEW as one of the home views (the default landing or a section\'s nav key), or unset (the stored setting stays)', () => {
    expect(parseEnv({ HOME_VIEW: 'guidedTours' }).homeView).toBe('guidedTours');
    expect(parseEnv({ HOME_VIEW: 'default' }).homeView).toBe('default');
    expect(parseEnv({}).homeView).toBeUndefined();
    expect(() => parseEnv({ HOME_VIEW: 'tours' })).toThrow(/HOME_VIEW must be one of default, tickets, guidedTours, merchandise, passes, vouchers, got 'tours'/);
  });

  it('reads ORDER_RESEND_INTERVAL_SECONDS as whole seconds from 1 to a day, and names a bad one', () => {
    expect(parseEnv({}).resendIntervalSeconds).toBeUndefined();
    expect(parseEnv({ ORDER_RESEND_INTERVAL_SECONDS: '15' }).resendIntervalSeconds).toBe(15);
    for (const bad of ['0', '1.5', '-3', 'soon', '86401']) {
      expect(() => parseEnv({ ORDER_RESEND_INTERVAL_SECONDS: bad })).toThrow(new RegExp(`ORDER_RESEND_INTERVAL_SECONDS must be a whole number of seconds from 1 to 86400, got '${bad}'`));
    }
  });

  it('reads RENDER_TIME_BOUND_MS as whole milliseconds from 100 to a minute, and names a bad one', () => {
    expect(parseEnv({}).renderTimeBoundMs).toBeUndefined();
    expect(parseEnv({ RENDER_TIME_BOUND_MS: '20000' }).renderTimeBoundMs).toBe(20_000);
    for (const bad of ['99', '1.5', '-3', 'slow', '60001']) {
      expect(() => parseEnv({ RENDER_TIME_BOUND_MS: bad })).toThrow(new RegExp(`RENDER_TIME_BOUND_MS must be a whole number of ms from 100 to 60000, got '${bad}'`));
    }
  });

  it('reads ALLOWED_HOSTS as host names separated by commas or spaces, or *, and names a bad one', () => {
    expect(parseEnv({}).allowedHosts).toBeUndefined();
    expect(parseEnv({ ALLOWED_HOSTS: 'Shop.Museum.example, tickets.museum.example [::1]' }).allowedHosts).toEqual(['shop.museum.example', 'tickets.museum.example', '[::1]']);
    expect(parseEnv({ ALLOWED_HOSTS: '*' }).allowedHosts).toEqual(['*']);
    for (const bad of ['https://shop.example', 'shop.example:8080', 'shop.example/path']) {
      expect(() => parseEnv({ ALLOWED_HOSTS: bad })).toThrow(/ALLOWED_HOSTS must be host names/);
    }
  });

  it('names every bad variable at once', () => {
    try {
      parseEnv({ PORT: 'x', JWT_SECRET: 'y' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems).toHaveLength(2);
    }
  });
});

describe('loadJwtSecret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-env-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uses JWT_SECRET when given and writes nothing', () => {
    const dir = tempDir();
    const secret = loadJwtSecret(dir, 's'.repeat(32));
    expect(new TextDecoder().decode(secret)).toBe('s'.repeat(32));
    expect(fs.existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it('generates a secret once into DATA_DIR/jwt-secret (mode 0600) and reuses it', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const first = loadJwtSecret(dir, undefined);
    const file = path.join(dir, 'jwt-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const second = loadJwtSecret(dir, undefined);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
  });

  it('gives different data folders different secrets', () => {
    const a = loadJwtSecret(tempDir(), undefined);
    const b = loadJwtSecret(tempDir(), undefined);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('refuses a stored secret that is too short', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'jwt-secret'), 'tiny');
    expect(() => loadJwtSecret(dir, undefined)).toThrow(EnvError);
  });

  it('keeps PGlite in DATA_DIR/pglite', () => {
    expect(pgliteDir('/srv/shop')).toBe(path.join('/srv/shop', 'pglite'));
  });
});
