/**
 * Reading a PDF as a reader, a screen reader and a gate's scanner would (issue 42): poppler
 * (pdfinfo, pdftotext, pdftoppm) and zbar (zbarimg). A missing tool fails the test with the
 * Debian package that brings it (.ci/run installs them).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PACKAGE_OF: Record<string, string> = { pdfinfo: 'poppler-utils', pdftotext: 'poppler-utils', pdftoppm: 'poppler-utils', zbarimg: 'zbar-tools' };

/** A tool's standard output; a missing tool fails the test with the package that brings it. */
export function runTool(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') {
      throw new Error(`${tool} is not installed: install the Debian package ${PACKAGE_OF[tool]} (apt-get install ${PACKAGE_OF[tool]}; .ci/run does this)`);
    }
    throw error;
  }
}

/** The PDF's pages as images, each page's QR code decoded (one string per page, in page order), its page count and its text. */
export function readPdf(pdf: Uint8Array): { pages: number; codes: string[]; text: string; info: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-read-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    const info = runTool('pdfinfo', [file]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    runTool('pdftoppm', ['-r', '150', '-png', file, path.join(dir, 'page')]);
    const images = fs.readdirSync(dir).filter((name) => name.endsWith('.png')).sort();
    const codes = images.map((png) => runTool('zbarimg', ['--raw', '-q', path.join(dir, png)]).replace(/\n$/, ''));
    return { pages, codes, text: runTool('pdftotext', ['-layout', file, '-']), info };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
