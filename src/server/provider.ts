import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from './db/index.js';
import type { ServerServices } from './services.js';

/** The simulated payment provider's pages, served under `/provider/…` outside the app. */
export function createProviderHandler() {
  return async (req: IncomingMessage, res: ServerResponse, ctx: { db: Db; services: ServerServices }): Promise<void> => {
    void req;
    void ctx;
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
  };
}
