import { RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { IntlProvider } from 'react-intl';
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

export function App({ shell }: { shell: ShellInstance }) {
  const phase = useSelector(shell.actor, bootPhaseOf);
  const lang = useSelector(shell.actor, (s) => s.context.lang);
  const messages = useSelector(shell.actor, (s) => s.context.messages);
  const urlLang = useSelector(shell.actor, (s) => s.context.requestedLang);
  return (
    <ShellContext.Provider value={shell}>
      {phase === 'ready' && messages ? (
        <IntlProvider locale={lang} defaultLocale="en" messages={messages}>
          <RouterProvider router={shell.router} />
        </IntlProvider>
      ) : (
        <BootScreen phase={phase === 'ready' ? 'loading' : phase} urlLang={urlLang} onRetry={() => shell.actor.send({ type: 'RETRY' })} />
      )}
    </ShellContext.Provider>
  );
}
