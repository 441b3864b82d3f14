/**
 * The built app's files (dist/public) from memory. Each file is read on its first request and kept
 * with the representations build.mjs and the museum put beside it: the `.br` and `.gz` of a
 * compressible file (scripts/precompress.mjs), and the `.avif` and `.webp` of a picture
 * (`banner.jpg.avif`, as the usual `try_files $uri.avif` of a web server). A request gets the best
 * one it accepts: the encoding by Accept-Encoding, the picture's format by Accept.
 *
 * Reading a file from disk on every request (Hono's serveStatic: stat, open, a read stream) cost
 * the server more than the rest of its work on a page's thirty-odd modules. The build's output
 * does not change while the server runs, so a file is read once; a path that names no file is
 * looked for again next time (a build may add it). Files larger than KEEP_MAX_BYTES, requests with
 * a Range, and anything beyond KEEP_TOTAL_BYTES are not kept: the caller serves those from disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import { etagMatches } from './catalog-cache.js';

/** A file larger than this is served from disk (a museum's video, say), never kept. */
export const KEEP_MAX_BYTES = 1024 * 1024;
/** All kept files together: beyond this, further files are served from disk. */
export const KEEP_TOTAL_BYTES = 64 * 1024 * 1024;

export type Encoding = 'br' | 'gzip';
type PictureFormat = 'avif' | 'webp';

/** One representation of a file: its bytes and validator, and what makes it differ from the file. */
interface Representation {
  body: Buffer;
  etag: string;
  encoding?: Encoding;
  type: string;
}

interface KeptFile {
  identity: Representation;
  encoded: Partial<Record<Encoding, Representation>>;
  pictures: Partial<Record<PictureFormat, Representation>>;
  lastModified: string;
}

const ENCODING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
const PICTURE_TYPE: Record<PictureFormat, string> = { avif: 'image/avif', webp: 'image/webp' };
const PICTURE_FORMAT = { 'image/avif': 'avif', 'image/webp': 'webp' } as const;
/** Pictures that may have an .avif/.webp beside them. */
const PICTURE = /\.(jpe?g|png)$/i;

/** The validator of one representation: its size and time, and which representation it is. */
function etagOf(stats: fs.Stats, variant: string): string {
  return `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}${variant ? `-${variant}` : ''}"`;
}

function regularFile(file: string): fs.Stats | undefined {
  try {
    const stats = fs.statSync(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** The weight (q) an Accept-style header gives each of `names`; a name it does not give weighs the wildcard's, or 0. */
function acceptWeights<T extends string>(header: string | string[] | undefined, names: readonly T[], wildcard?: string): Map<T, number> {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const given = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    given.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return new Map(names.map((name) => [name, given.get(name) ?? (wildcard === undefined ? undefined : given.get(wildcard)) ?? 0]));
}

/** The names of `names` the header accepts (q > 0), the most wanted first. */
function accepted<T extends string>(header: string | string[] | undefined, names: readonly T[], wildcard?: string): T[] {
  const weights = acceptWeights(header, names, wildcard);
  return names.filter((name) => (weights.get(name) ?? 0) > 0).sort((a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0));
}

/** The encodings the client accepts, best first (`q=0` excludes; `*` stands for any not named). */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  return accepted(header, ['br', 'gzip'] as const, '*');
}

/** The picture format the browser asks for first among those kept (it must name it: `image/*` is no promise of AVIF). */
function pictureFor(accept: string | undefined, kept: KeptFile): Representation | undefined {
  const best = accepted(accept, ['image/avif', 'image/webp'] as const).find((type) => kept.pictures[PICTURE_FORMAT[type]]);
  return best ? kept.pictures[PICTURE_FORMAT[best]] : undefined;
}

export interface FileRequest {
  method: string;
  /** The decoded, checked path below the root (src/server/static.ts, safePath). */
  urlPath: string;
  header(name: string): string | undefined;
}

/** What the kept files answer: a response, `missing` (no such file), or `disk` (serve it from disk). */
export type FileAnswer = Response | 'missing' | 'disk';

export function createFileMemory(root: string): (request: FileRequest, cacheControl: string) => FileAnswer {
  const kept = new Map<string, KeptFile>();
  let total = 0;

  const read = (file: string, stats: fs.Stats, variant: string, type: string, encoding?: Encoding): Representation => ({
    body: fs.readFileSync(file),
    etag: etagOf(stats, variant),
    type,
    ...(encoding ? { encoding } : {}),
  });

  /** Reads the file and what lies beside it; undefined when it is not to be kept. */
  function load(file: string, stats: fs.Stats): KeptFile | undefined {
    const type = getMimeType(file) ?? 'application/octet-stream';
    const beside: { suffix: string; stats: fs.Stats; make: (s: fs.Stats) => Representation; put: (kept: KeptFile, r: Representation) => void }[] = [];
    for (const encoding of ['br', 'gzip'] as const) {
      const stats = regularFile(file + ENCODING_SUFFIX[encoding]);
      if (stats) beside.push({ suffix: ENCODING_SUFFIX[encoding], stats, make: (s) => read(file + ENCODING_SUFFIX[encoding], s, encoding, type, encoding), put: (k, r) => void (k.encoded[encoding] = r) });
    }
    if (PICTURE.test(file)) {
      for (const format of ['avif', 'webp'] as const) {
        const stats = regularFile(`${file}.${format}`);
        if (stats) beside.push({ suffix: `.${format}`, stats, make: (s) => read(`${file}.${format}`, s, format, PICTURE_TYPE[format]), put: (k, r) => void (k.pictures[format] = r) });
      }
    }
    const size = stats.size + beside.reduce((sum, b) => sum + b.stats.size, 0);
    if ([stats, ...beside.map((b) => b.stats)].some((s) => s.size > KEEP_MAX_BYTES) || total + size > KEEP_TOTAL_BYTES) return undefined;
    const entry: KeptFile = { identity: read(file, stats, '', type), encoded: {}, pictures: {}, lastModified: stats.mtime.toUTCString() };
    for (const b of beside) b.put(entry, b.make(b.stats));
    total += size;
    return entry;
  }

  return function answer(request: FileRequest, cacheControl: string): FileAnswer {
    if (request.header('range')) return 'disk';
    let entry = kept.get(request.urlPath);
    if (!entry) {
      const file = path.join(root, request.urlPath);
      if (!file.startsWith(root + path.sep)) return 'missing';
      const stats = regularFile(file);
      if (!stats) return 'missing';
      try {
        entry = load(file, stats);
      } catch {
        return 'disk'; // removed or unreadable between the look and the read: the disk says which
      }
      if (!entry) return 'disk';
      kept.set(request.urlPath, entry);
    }
    const picture = pictureFor(request.header('accept'), entry);
    const encoding = picture ? undefined : acceptedEncodings(request.header('accept-encoding')).find((candidate) => entry.encoded[candidate]);
    const chosen = picture ?? (encoding ? entry.encoded[encoding] : undefined) ?? entry.identity;
    const vary = [...(Object.keys(entry.encoded).length > 0 ? ['Accept-Encoding'] : []), ...(Object.keys(entry.pictures).length > 0 ? ['Accept'] : [])];
    const headers: Record<string, string> = { 'content-type': chosen.type, 'cache-control': cacheControl, etag: chosen.etag, 'last-modified': entry.lastModified };
    if (vary.length > 0) headers.vary = vary.join(', ');
    if (etagMatches(request.header('if-none-match'), chosen.etag)) return new Response(null, { status: 304, headers });
    if (chosen.encoding) headers['content-encoding'] = chosen.encoding;
    headers['content-length'] = String(chosen.body.length);
    return new Response(request.method === 'HEAD' ? null : (chosen.body as Uint8Array<ArrayBuffer>), { status: 200, headers });
  };
}
