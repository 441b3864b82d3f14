/**
 * `npm start` twice on one DATA_DIR keeps the data of the first start (PGlite on disk and the
 * generated JWT secret); `--reset-db` (npm run db:reset) brings back the pristine demo data.
 * Runs the bundle built by the global setup, on its own data folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApi, isApiError } from '../../src/api/index.js';
import { requireE2eSetup } from './context.js';
import { runServerCommand, startServer, type ServerProcess } from './server-process.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-shop-restart-'));
const running: ServerProcess[] = [];
const NEW_CUSTOMER = {
  email: 'restart@museum.example',
  password: 'correct horse 42',
  salutation: 'mr',
  fname: 'Rita',
  lname: 'Restart',
  street: 'Bahnhofstrasse 1',
  zip: '8001',
  city: 'Zürich',
  country: 'CH',
};

async function start(): Promise<ServerProcess> {
  // seeded by this first start (not copied from the e2e setup's template): the test watches it seed
  const server = await startServer({ DATA_DIR: dataDir }, { seed: true });
  running.push(server);
  return server;
}
const apiOf = (server: ServerProcess) => createShopApi({ baseURL: `${server.url}/api`, lang: () => 'de' });

beforeAll(() => {
  // The bundle under test is the one the global setup built.
  requireE2eSetup();
});

afterAll(async () => {
  for (const server of running) await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a second start on the same DATA_DIR', () => {
  let token = '';

  it('first start: seeds, registers a customer, stops gracefully', async () => {
    const first = await start();
    expect(first.output()).toContain('Seeded the demo data');
    const { jwt } = await apiOf(first).register(NEW_CUSTOMER);
    token = jwt;
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(await first.stop()).toBe(0);
  }, 180_000);

  it('second start: no reseeding, the customer and its token are still there', async () => {
    const second = await start();
    expect(second.output()).not.toContain('Seeded the demo data');
    const api = apiOf(second);
    expect((await api.getCustomer(token)).email).toBe(NEW_CUSTOMER.email);
    const { jwt } = await api.login(NEW_CUSTOMER.email, NEW_CUSTOMER.password);
    expect((await api.getCustomer(jwt)).lname).toBe('Restart');
    expect(await second.stop()).toBe(0);
  }, 180_000);

  it('--reset-db recreates the database with only the demo data', async () => {
    const reset = await runServerCommand(['--reset-db'], { DATA_DIR: dataDir });
    expect(reset.code, reset.output).toBe(0);
    expect(reset.output).toContain('Database reset');
    const third = await start();
    const api = apiOf(third);
    const error = await api.login(NEW_CUSTOMER.email, NEW_CUSTOMER.password).catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(422);
    const { jwt } = await api.login('demo@museum.example', 'Museum2026!');
    expect((await api.getCustomer(jwt)).email).toBe('demo@museum.example');
    expect(await third.stop()).toBe(0);
  }, 240_000);
});
