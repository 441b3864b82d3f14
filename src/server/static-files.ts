/**
 * What representation of a built file (dist/public) a request gets: the encoding by
 * Accept-Encoding (the `.br` and `.gz` build.mjs writes beside each compressible file), and for a
 * picture the format by Accept: the `.avif` or `.webp` a museum puts beside it (`banner.jpg.avif`,
 * as the usual `try_files $uri.avif` of a web server). src/server/static.ts sends the file.
 */

export type Encoding = 'br' | 'gzip';
export type PictureFormat = 'avif' | 'webp';

/** Pictures that may have an .avif/.webp beside them. */
export const PICTURE = /\.(jpe?g|png)$/i;
const PICTURE_FORMATS = { 'image/avif': 'avif', 'image/webp': 'webp' } as const;

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

/**
 * The smaller format of a picture that the browser names in Accept (`image/*` is no promise of
 * AVIF) and that lies beside it (`available`), the most wanted first; undefined: the picture itself.
 */
export function pictureFormat(accept: string | undefined, available: readonly PictureFormat[]): PictureFormat | undefined {
  const best = accepted(accept, ['image/avif', 'image/webp'] as const).find((type) => available.includes(PICTURE_FORMATS[type]));
  return best ? PICTURE_FORMATS[best] : undefined;
}
