/** What the e2e global setup provides, for test files. */
import { inject } from 'vitest';

/** Base URL of the server the global setup started; throws its build or start error otherwise. */
export function e2eBaseUrl(): string {
  const error = inject('e2eSetupError');
  const url = inject('baseUrl');
  if (error || !url) throw new Error(`The e2e setup failed, so this test cannot run:\n${error || 'no server URL'}`);
  return url;
}

/** Throws the global setup's error (the restart test needs the build, not the running server). */
export function requireE2eSetup(): void {
  e2eBaseUrl();
}
