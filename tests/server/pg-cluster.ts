/**
 * A throwaway PostgreSQL cluster of a test's own (issue 44, item 8): initdb into a temporary
 * folder, a free port on loopback, fsync off (the data lives for one test), and
 * the test may stop and start it as an operator would (`pg_ctl stop -m fast|immediate`, `start`).
 * Uses the newest binaries under /usr/lib/postgresql/<version>/bin (what .ci/run installs);
 * `binaries()` is undefined where there are none. initdb and postgres refuse to run as root: as
 * root they run as the `postgres` account (`runuser`), which owns the folder, as in .ci/run.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = '/usr/lib/postgresql';

/** The folder of the newest PostgreSQL binaries with initdb and pg_ctl, or undefined. */
export function binaries(): string | undefined {
  if (!fs.existsSync(ROOT)) return undefined;
  const versions = fs
    .readdirSync(ROOT)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(ROOT, version, 'bin');
    if (['initdb', 'pg_ctl', 'postgres'].every((tool) => fs.existsSync(path.join(bin, tool)))) return bin;
  }
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: string;
  port: number;
  /** Stops the cluster: `fast` ends every session (rolling back open transactions), `immediate` as a crash. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same folder and port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and removes its folder. */
  remove(): Promise<void>;
  /** The cluster's own log, for a failure's message. */
  log(): string;
}

export async function createCluster(bin: string, database = 'shop'): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'museum-shop-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const tool = (name: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]) : run(path.join(bin, name), args));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const port = await freePort();
  // fsync off: what PostgreSQL wrote is in the OS's cache, which a stopped (even killed) server does
  // not lose. synchronous_commit stays on: off, a commit is acknowledged before its WAL is written
  // at all, and `stop -m immediate` loses it (a payment the provider confirmed would be gone).
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off -c max_connections=50`;
  const start = async () => {
    await tool('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '60', '-o', options, 'start']);
  };
  const stop = async (mode: 'fast' | 'immediate') => {
    await tool('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
  };
  await tool('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']);
  await start();
  await tool('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    port,
    stop,
    start,
    async remove() {
      await tool('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    log: () => {
      try {
        return fs.readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
  };
}
