/**
 * The server's logger (pino): one line per request and every start-up message and error.
 * JSON lines for machines (LOG_FORMAT=json, the default when stdout is no terminal), or one
 * readable line each for people (LOG_FORMAT=pretty, the default on a terminal). Written to
 * stdout by the process itself (bufferedStdout): no transport worker threads, which do not
 * survive the esbuild bundle.
 */
import { randomUUID } from 'node:crypto';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import type { MiddlewareHandler } from 'hono';
import { hasEdgeHeaders, rawPathname, type ShopEnv } from './http.js';

export type { Logger } from 'pino';

export const LOG_LEVELS: readonly (Level | 'silent')[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

const COLOURS: Record<string, string> = { fatal: '\x1b[41m', error: '\x1b[31m', warn: '\x1b[33m', info: '\x1b[32m', debug: '\x1b[36m', trace: '\x1b[90m' };

/** One readable line from one JSON line: time, level, then the request or the message. */
export function prettyLine(json: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const { level, time, msg, reqId, method, path, status, ms, err, pid: _pid, hostname: _host, ...rest } = entry;
  const label = String(level ?? 'info');
  const shownLevel = colour ? `${COLOURS[label] ?? ''}${label.toUpperCase().padEnd(5)}\x1b[0m` : label.toUpperCase().padEnd(5);
  const clock = typeof time === 'string' ? time.slice(11, 23) : '';
  const request = method !== undefined ? `${String(method)} ${String(path)} ${String(status)} ${String(ms)} ms` : '';
  const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  const stack = typeof err === 'object' && err !== null && 'stack' in err ? `\n${String((err as { stack: unknown }).stack)}` : '';
  const id = reqId !== undefined ? ` [${String(reqId)}]` : '';
  return `${clock} ${shownLevel} ${[request, msg].filter(Boolean).join(' ')}${id}${extra}${stack}\n`;
}

export interface LoggerOptions {
  level?: Level | 'silent';
  format?: LogFormat;
  /** Where the lines go; stdout when absent (tests pass a collector). */
  destination?: { write(line: string): unknown };
}

/**
 * stdout, buffered: a rush writes thousands of lines a second, and one write per line would cost
 * as much as answering. Lines go out when 8 KB are gathered, at the latest after 200 ms, and
 * whatever is left when the process exits (a SIGKILL loses at most those 200 ms).
 */
function bufferedStdout(): { write(line: string): unknown } {
  const out = pino.destination({ dest: 1, sync: false, minLength: 8192 });
  setInterval(() => out.flush(), 200).unref();
  process.on('exit', () => out.flushSync());
  return out;
}

/**
 * Text as a log line may hold it (issue 44, item 4): a URL's query (login tokens `?_=`, order
 * keys, ticket codes) and a recovery or e-mail confirmation link's token (`/recover/{guid}`, `/confirm-email/{guid}`) put out of sight. Every line
 * goes through it: the request's path, an error's message and stack, and every message.
 */
export function withoutSecrets(text: string): string {
  return text.replace(/(\/[^\s"'<>?]*)\?[^\s"'<>]+/g, '$1?…').replace(/(\/(?:recover|confirm-email)\/)[^/\s"'<>?…]+/gi, '$1…');
}

const scrubbed = (value: unknown): unknown => (typeof value === 'string' ? withoutSecrets(value) : value);

/** Every string in a serialised error (its fields and its cause's), put through withoutSecrets. */
function scrubbedDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutSecrets(value);
  if (depth > 5 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => scrubbedDeep(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubbedDeep(item, depth + 1)]));
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const out = options.destination ?? bufferedStdout();
  const colour = !options.destination && process.stdout.isTTY === true;
  const destination: DestinationStream = options.format === 'pretty' ? { write: (line: string) => out.write(prettyLine(line, colour)) } : out;
  return pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => ('path' in fields ? { ...fields, path: scrubbed(fields.path) } : fields),
      },
      serializers: {
        // every field of the error (a failed fetch keeps its request's URL in one), its cause's too
        err: (error: Error) => scrubbedDeep(pino.stdSerializers.err(error)),
      },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map(scrubbed) as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

/** A logger that writes nothing (tests, unless they ask for the lines). */
export const silentLogger = (): Logger => pino({ level: 'silent' });

/** Request ids we take from a trusted proxy: short, and only characters safe in a log line and a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id (sent back as X-Request-Id; a trusted proxy's own X-Request-Id is
 * kept when it is sane) and logs one line when the answer is ready: id, method, path (never the
 * query: it may carry a token), status and duration in ms.
 */
export function requestLog(logger: Logger, trustProxy: boolean | undefined): MiddlewareHandler<ShopEnv> {
  return async function logRequest(c, next) {
    const started = performance.now();
    const offered = trustProxy ? c.req.header('x-request-id') : undefined;
    const reqId = offered !== undefined && SANE_REQUEST_ID.test(offered) ? offered : randomUUID();
    c.set('requestId', reqId);
    c.set('edgeHeaders', { 'x-request-id': reqId });
    await next();
    if (!hasEdgeHeaders(c.res)) c.res.headers.set('x-request-id', reqId);
    const { status } = c.res;
    const line = { reqId, method: c.req.method, path: rawPathname(c.req.url), status, ms: Math.round((performance.now() - started) * 100) / 100 };
    if (status >= 500) logger.error(line, 'request');
    else logger.info(line, 'request');
  };
}
