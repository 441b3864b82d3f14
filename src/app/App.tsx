import { RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { IntlProvider, type IntlConfig } from 'react-intl';
import { bootPhaseOf, type BootPhase } from '../../machines/app.selectors.js';
import { BOOT_TEXTS, browserLanguage } from '../i18n/boot-messages.js';
import { ShellContext } from './shell-context.js';
import type { ShellInstance } from './services.js';

/** Before the config and messages arrive: a calm loading screen, or the retry screen (browser language). */
function BootScreen({ phase, urlLang, onRetry }: { phase: Exclude<BootPhase, 'ready'>; urlLang: string | null; onRetry: () => void }) {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const lang = browserLanguage(preferred, urlLang);
  const texts = BOOT_TEXTS[lang];
  if (phase === 'loading') {
    return (
      <div className="boot boot--loading" role="status" lang={lang}>
        <span className="spinner__circle" aria-hidden="true" />
        <p>{texts.loading}</p>
      </div>
    );
  }
  return (
    <main className="boot boot--failed" lang={lang}>
      <h1 tabIndex={-1}>{texts.failedTitle}</h1>
      <p>{texts.failedText}</p>
      <button type="button" className="button" onClick={onRetry} autoFocus>
        {texts.retry}
      </button>
    </main>
  );
}

/**
 * A message the loaded catalogue lacks shows as its key. react-intl says so only in development;
 * here it is said in every build (the browser tests fail on a console error), since a page that
 * names a key of a part it did not load (src/app/routes.ts, MESSAGE_PARTS) would ship like that.
 */
const reportIntlError: IntlConfig['onError'] = (error) => {
  if (error.code === 'MISSING_TRANSLATION' || process.env.NODE_ENV !== 'production') console.error(error);
};

export function App({ shell }: { shell: ShellInstance }) {
  const phase = useSelector(shell.actor, bootPhaseOf);
  const lang = useSelector(shell.actor, (s) => s.context.lang);
  const messages = useSelector(shell.actor, (s) => s.context.messages);
  const urlLang = useSelector(shell.actor, (s) => s.context.requestedLang);
  return (
    <ShellContext.Provider value={shell}>
      {phase === 'ready' && messages ? (
        <IntlProvider locale={lang} defaultLocale="en" messages={messages} onError={reportIntlError}>
          <RouterProvider router={shell.router} />
        </IntlProvider>
      ) : (
        <BootScreen phase={phase === 'ready' ? 'loading' : phase} urlLang={urlLang} onRetry={() => shell.actor.send({ type: 'RETRY' })} />
      )}
    </ShellContext.Provider>
  );
}
