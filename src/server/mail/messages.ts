/**
 * The mails of the shop's accounts (issue 42), in the eight languages: the password-reset link,
 * the link that confirms a new e-mail address (to the new one) with the notice that a change was
 * asked for (to the old one, issue 44), the notice of a changed e-mail address (to the old one)
 * and of a changed password. Each is
 * plain text and accessible HTML (the language set, one heading, paragraphs and a link, no layout
 * tables); everything interpolated into the HTML is escaped.
 */
import type { Language } from '../../api/languages.js';

/** `withdrawal-acknowledgement`: issue 46 (withdrawal-mail.ts). */
export type MailKind = 'password-reset' | 'email-confirm' | 'email-change-requested' | 'email-changed' | 'password-changed' | 'withdrawal-acknowledgement';

/** A mail ready for the outbox: subject and both bodies. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** One paragraph: text, or text followed by a link of its own. */
export type Paragraph = string | { before: string; label: string; href: string };

/** Text safe inside HTML content and attribute values. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Common words of every mail (also the order confirmation, order-mail.ts): greeting and sign-off. */
export interface Frame {
  hello: (name: string | null) => string;
  signature: string;
}

export const FRAME: Record<Language, Frame> = {
  de: { hello: (n) => (n ? `Guten Tag ${n},` : 'Guten Tag,'), signature: 'Ihr Museumsshop' },
  en: { hello: (n) => (n ? `Hello ${n},` : 'Hello,'), signature: 'Your museum shop' },
  fr: { hello: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'), signature: 'La boutique du musée' },
  it: { hello: (n) => (n ? `Ciao ${n},` : 'Ciao,'), signature: 'Il negozio del museo' },
  nl: { hello: (n) => (n ? `Beste ${n},` : 'Beste klant,'), signature: 'De museumwinkel' },
  es: { hello: (n) => (n ? `Hola, ${n}:` : 'Hola:'), signature: 'La tienda del museo' },
  sv: { hello: (n) => (n ? `Hej ${n}!` : 'Hej!'), signature: 'Museibutiken' },
  da: { hello: (n) => (n ? `Kære ${n}` : 'Hej'), signature: 'Museumsbutikken' },
};

interface ResetWords {
  subject: string;
  intro: string;
  action: string;
  once: string;
  notYou: string;
}

const RESET: Record<Language, ResetWords> = {
  de: {
    subject: 'Neues Passwort für Ihr Konto im Museumsshop',
    intro: 'Jemand – hoffentlich Sie – möchte ein neues Passwort für Ihr Konto im Museumsshop wählen. Öffnen Sie dazu diesen Link:',
    action: 'Neues Passwort wählen',
    once: 'Der Link gilt einmal, eine Stunde lang.',
    notYou: 'Wenn Sie das nicht verlangt haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.',
  },
  en: {
    subject: 'A new password for your museum shop account',
    intro: 'Someone – hopefully you – asked to choose a new password for your museum shop account. Open this link to do so:',
    action: 'Choose a new password',
    once: 'The link works once, for one hour.',
    notYou: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  fr: {
    subject: 'Un nouveau mot de passe pour votre compte de la boutique du musée',
    intro: 'Quelqu’un – vous, espérons-le – a demandé à choisir un nouveau mot de passe pour votre compte de la boutique du musée. Ouvrez ce lien pour le faire :',
    action: 'Choisir un nouveau mot de passe',
    once: 'Le lien est valable une fois, pendant une heure.',
    notYou: 'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  it: {
    subject: 'Una nuova password per il tuo account del negozio del museo',
    intro: 'Qualcuno – speriamo tu – ha chiesto di scegliere una nuova password per il tuo account del negozio del museo. Apri questo link per farlo:',
    action: 'Scegli una nuova password',
    once: 'Il link vale una volta, per un’ora.',
    notYou: 'Se non l’hai chiesto tu, ignora questa e-mail: la tua password resta com’è.',
  },
  nl: {
    subject: 'Een nieuw wachtwoord voor uw account bij de museumwinkel',
    intro: 'Iemand – hopelijk u – wil een nieuw wachtwoord kiezen voor uw account bij de museumwinkel. Open daarvoor deze link:',
    action: 'Nieuw wachtwoord kiezen',
    once: 'De link werkt één keer, een uur lang.',
    notYou: 'Heeft u hier niet om gevraagd? Negeer dan deze e-mail: uw wachtwoord blijft zoals het is.',
  },
  es: {
    subject: 'Una nueva contraseña para su cuenta de la tienda del museo',
    intro: 'Alguien (esperamos que usted) ha pedido elegir una nueva contraseña para su cuenta de la tienda del museo. Abra este enlace para hacerlo:',
    action: 'Elegir una nueva contraseña',
    once: 'El enlace funciona una vez, durante una hora.',
    notYou: 'Si no lo ha pedido usted, ignore este correo: su contraseña sigue siendo la misma.',
  },
  sv: {
    subject: 'Ett nytt lösenord för ditt konto i museibutiken',
    intro: 'Någon – förhoppningsvis du – har bett om att få välja ett nytt lösenord för ditt konto i museibutiken. Öppna den här länken för att göra det:',
    action: 'Välj ett nytt lösenord',
    once: 'Länken fungerar en gång, i en timme.',
    notYou: 'Om du inte har bett om detta kan du bortse från mejlet: ditt lösenord förblir som det är.',
  },
  da: {
    subject: 'En ny adgangskode til din konto i museumsbutikken',
    intro: 'Nogen – forhåbentlig dig – har bedt om at vælge en ny adgangskode til din konto i museumsbutikken. Åbn dette link for at gøre det:',
    action: 'Vælg en ny adgangskode',
    once: 'Linket virker én gang i en time.',
    notYou: 'Hvis du ikke har bedt om det, kan du se bort fra denne e-mail: Din adgangskode forbliver, som den er.',
  },
};

interface NoticeWords {
  subject: string;
  what: string;
  notYou: string;
}

const EMAIL_CHANGED: Record<Language, NoticeWords> = {
  de: {
    subject: 'Die E-Mail-Adresse Ihres Kontos wurde geändert',
    what: 'Die E-Mail-Adresse Ihres Kontos im Museumsshop wurde in {email} geändert. Ab jetzt melden Sie sich mit dieser Adresse an, und wir schreiben Ihnen dorthin.',
    notYou: 'Wenn Sie das nicht selbst geändert haben, schreiben Sie uns bitte sofort: {support}',
  },
  en: {
    subject: 'The e-mail address of your account was changed',
    what: 'The e-mail address of your museum shop account was changed to {email}. From now on you log in with that address, and we write to you there.',
    notYou: 'If you did not make this change, please write to us at once: {support}',
  },
  fr: {
    subject: 'L’adresse e-mail de votre compte a été modifiée',
    what: 'L’adresse e-mail de votre compte de la boutique du musée a été remplacée par {email}. Désormais, vous vous connectez avec cette adresse et nous vous écrivons à celle-ci.',
    notYou: 'Si vous n’êtes pas à l’origine de ce changement, écrivez-nous immédiatement : {support}',
  },
  it: {
    subject: 'L’indirizzo e-mail del tuo account è stato cambiato',
    what: 'L’indirizzo e-mail del tuo account del negozio del museo è stato cambiato in {email}. D’ora in poi accedi con questo indirizzo e ti scriviamo lì.',
    notYou: 'Se non sei stato tu a fare questa modifica, scrivici subito: {support}',
  },
  nl: {
    subject: 'Het e-mailadres van uw account is gewijzigd',
    what: 'Het e-mailadres van uw account bij de museumwinkel is gewijzigd in {email}. Voortaan logt u met dat adres in en schrijven we u daar.',
    notYou: 'Heeft u dit niet zelf gewijzigd? Schrijf ons dan meteen: {support}',
  },
  es: {
    subject: 'Se ha cambiado la dirección de correo electrónico de su cuenta',
    what: 'La dirección de correo electrónico de su cuenta de la tienda del museo se ha cambiado a {email}. A partir de ahora inicia sesión con esa dirección y le escribimos allí.',
    notYou: 'Si no ha hecho usted este cambio, escríbanos de inmediato: {support}',
  },
  sv: {
    subject: 'E-postadressen för ditt konto har ändrats',
    what: 'E-postadressen för ditt konto i museibutiken har ändrats till {email}. Från och med nu loggar du in med den adressen, och vi skriver till dig där.',
    notYou: 'Om det inte var du som gjorde ändringen, skriv till oss genast: {support}',
  },
  da: {
    subject: 'E-mailadressen til din konto er ændret',
    what: 'E-mailadressen til din konto i museumsbutikken er ændret til {email}. Fremover logger du ind med den adresse, og vi skriver til dig der.',
    notYou: 'Hvis det ikke var dig, der foretog ændringen, så skriv straks til os: {support}',
  },
};

/** The link to the new address that confirms it (issue 44); `once` also says that nothing changed yet. */
const EMAIL_CONFIRM: Record<Language, ResetWords> = {
  de: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    intro: 'Sie möchten sich im Museumsshop künftig mit dieser Adresse anmelden. Bestätigen Sie sie mit diesem Link:',
    action: 'E-Mail-Adresse bestätigen',
    once: 'Der Link gilt einmal, 24 Stunden lang. Bis Sie ihm folgen, bleibt Ihre bisherige Adresse die Ihres Kontos.',
    notYou: 'Wenn Sie das nicht verlangt haben, ignorieren Sie diese E-Mail: Es ändert sich nichts.',
  },
  en: {
    subject: 'Confirm your new e-mail address',
    intro: 'You asked to log in to the museum shop with this address from now on. Confirm it with this link:',
    action: 'Confirm e-mail address',
    once: 'The link works once, for 24 hours. Until you follow it, your previous address stays your account’s.',
    notYou: 'If you did not ask for this, ignore this e-mail: nothing changes.',
  },
  fr: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    intro: 'Vous avez demandé à vous connecter désormais à la boutique du musée avec cette adresse. Confirmez-la avec ce lien :',
    action: 'Confirmer l’adresse e-mail',
    once: 'Le lien est valable une fois, pendant 24 heures. Tant que vous ne l’avez pas suivi, votre compte garde son adresse actuelle.',
    notYou: 'Si vous n’avez rien demandé, ignorez cet e-mail : rien ne change.',
  },
  it: {
    subject: 'Conferma il tuo nuovo indirizzo e-mail',
    intro: 'Hai chiesto di accedere d’ora in poi al negozio del museo con questo indirizzo. Confermalo con questo link:',
    action: 'Conferma l’indirizzo e-mail',
    once: 'Il link vale una volta, per 24 ore. Finché non lo apri, il tuo account resta con l’indirizzo attuale.',
    notYou: 'Se non l’hai chiesto tu, ignora questa e-mail: non cambia nulla.',
  },
  nl: {
    subject: 'Bevestig uw nieuwe e-mailadres',
    intro: 'U wilt voortaan met dit adres inloggen bij de museumwinkel. Bevestig het met deze link:',
    action: 'E-mailadres bevestigen',
    once: 'De link werkt één keer, 24 uur lang. Tot u hem volgt, blijft uw huidige adres dat van uw account.',
    notYou: 'Heeft u hier niet om gevraagd? Negeer dan deze e-mail: er verandert niets.',
  },
  es: {
    subject: 'Confirme su nueva dirección de correo electrónico',
    intro: 'Ha pedido iniciar sesión en la tienda del museo con esta dirección a partir de ahora. Confírmela con este enlace:',
    action: 'Confirmar la dirección de correo',
    once: 'El enlace funciona una vez, durante 24 horas. Hasta que lo abra, su cuenta conserva la dirección actual.',
    notYou: 'Si no lo ha pedido usted, ignore este correo: no cambia nada.',
  },
  sv: {
    subject: 'Bekräfta din nya e-postadress',
    intro: 'Du har bett om att i fortsättningen logga in i museibutiken med den här adressen. Bekräfta den med den här länken:',
    action: 'Bekräfta e-postadressen',
    once: 'Länken fungerar en gång, i 24 timmar. Tills du öppnar den behåller ditt konto sin nuvarande adress.',
    notYou: 'Om du inte har bett om detta kan du bortse från mejlet: ingenting ändras.',
  },
  da: {
    subject: 'Bekræft din nye e-mailadresse',
    intro: 'Du har bedt om fremover at logge ind i museumsbutikken med denne adresse. Bekræft den med dette link:',
    action: 'Bekræft e-mailadressen',
    once: 'Linket virker én gang i 24 timer. Indtil du følger det, beholder din konto sin nuværende adresse.',
    notYou: 'Hvis du ikke har bedt om det, kan du se bort fra denne e-mail: Intet ændres.',
  },
};

/** The notice to the old address that a change to another one was asked for (issue 44). */
const EMAIL_CHANGE_REQUESTED: Record<Language, NoticeWords> = {
  de: {
    subject: 'Änderung der E-Mail-Adresse Ihres Kontos verlangt',
    what: 'Für Ihr Konto im Museumsshop wurde verlangt, die E-Mail-Adresse in {email} zu ändern. Sie ändert sich erst, wenn jemand dem Link folgt, den wir an diese Adresse geschickt haben; bis dahin melden Sie sich wie bisher an.',
    notYou: 'Wenn Sie das nicht selbst verlangt haben, wählen Sie sofort ein neues Passwort („Passwort vergessen“) – das bricht die Änderung ab – und schreiben Sie uns: {support}',
  },
  en: {
    subject: 'A change of your account’s e-mail address was asked for',
    what: 'Someone asked to change the e-mail address of your museum shop account to {email}. It changes only once the link we sent to that address is followed; until then you log in as before.',
    notYou: 'If it was not you, choose a new password at once (“Forgot password”) – that cancels the change – and write to us: {support}',
  },
  fr: {
    subject: 'Changement demandé de l’adresse e-mail de votre compte',
    what: 'Quelqu’un a demandé à remplacer l’adresse e-mail de votre compte de la boutique du musée par {email}. Elle ne change qu’une fois suivi le lien envoyé à cette adresse ; d’ici là, vous vous connectez comme avant.',
    notYou: 'Si ce n’est pas vous, choisissez immédiatement un nouveau mot de passe (« Mot de passe oublié ») – cela annule le changement – et écrivez-nous : {support}',
  },
  it: {
    subject: 'Richiesta di cambiare l’indirizzo e-mail del tuo account',
    what: 'Qualcuno ha chiesto di cambiare l’indirizzo e-mail del tuo account del negozio del museo in {email}. Cambia solo quando viene aperto il link inviato a quell’indirizzo; fino ad allora accedi come prima.',
    notYou: 'Se non sei stato tu, scegli subito una nuova password («Password dimenticata») – questo annulla la modifica – e scrivici: {support}',
  },
  nl: {
    subject: 'Wijziging van het e-mailadres van uw account gevraagd',
    what: 'Iemand heeft gevraagd het e-mailadres van uw account bij de museumwinkel te wijzigen in {email}. Het verandert pas als de link wordt gevolgd die we naar dat adres hebben gestuurd; tot dan logt u in zoals altijd.',
    notYou: 'Was u dit niet? Kies dan meteen een nieuw wachtwoord („Wachtwoord vergeten”) – dat annuleert de wijziging – en schrijf ons: {support}',
  },
  es: {
    subject: 'Se ha pedido cambiar la dirección de correo de su cuenta',
    what: 'Alguien ha pedido cambiar la dirección de correo electrónico de su cuenta de la tienda del museo a {email}. Solo cambia cuando se abra el enlace que enviamos a esa dirección; hasta entonces inicia sesión como siempre.',
    notYou: 'Si no ha sido usted, elija de inmediato una nueva contraseña («¿Ha olvidado su contraseña?»), lo que anula el cambio, y escríbanos: {support}',
  },
  sv: {
    subject: 'Någon har bett om att ändra e-postadressen för ditt konto',
    what: 'Någon har bett om att ändra e-postadressen för ditt konto i museibutiken till {email}. Den ändras först när länken som vi skickade till den adressen öppnas; tills dess loggar du in som vanligt.',
    notYou: 'Om det inte var du, välj genast ett nytt lösenord (”Glömt lösenordet”) – det avbryter ändringen – och skriv till oss: {support}',
  },
  da: {
    subject: 'Der er bedt om at ændre e-mailadressen til din konto',
    what: 'Nogen har bedt om at ændre e-mailadressen til din konto i museumsbutikken til {email}. Den ændres først, når linket, vi har sendt til den adresse, bliver fulgt; indtil da logger du ind som hidtil.',
    notYou: 'Hvis det ikke var dig, så vælg straks en ny adgangskode (“Glemt adgangskode”) – det annullerer ændringen – og skriv til os: {support}',
  },
};

const PASSWORD_CHANGED: Record<Language, NoticeWords> = {
  de: {
    subject: 'Das Passwort Ihres Kontos wurde geändert',
    what: 'Das Passwort Ihres Kontos im Museumsshop wurde soeben geändert. Wo Sie sonst noch angemeldet waren, sind Sie jetzt abgemeldet.',
    notYou: 'Wenn Sie das nicht selbst geändert haben, wählen Sie sofort ein neues Passwort („Passwort vergessen“) und schreiben Sie uns: {support}',
  },
  en: {
    subject: 'The password of your account was changed',
    what: 'The password of your museum shop account has just been changed. Wherever else you were logged in, you are now logged out.',
    notYou: 'If you did not make this change, choose a new password at once (“Forgot password”) and write to us: {support}',
  },
  fr: {
    subject: 'Le mot de passe de votre compte a été modifié',
    what: 'Le mot de passe de votre compte de la boutique du musée vient d’être modifié. Partout ailleurs où vous étiez connecté, vous êtes maintenant déconnecté.',
    notYou: 'Si vous n’êtes pas à l’origine de ce changement, choisissez immédiatement un nouveau mot de passe (« Mot de passe oublié ») et écrivez-nous : {support}',
  },
  it: {
    subject: 'La password del tuo account è stata cambiata',
    what: 'La password del tuo account del negozio del museo è appena stata cambiata. Ovunque avessi effettuato l’accesso, ora sei disconnesso.',
    notYou: 'Se non sei stato tu a fare questa modifica, scegli subito una nuova password («Password dimenticata») e scrivici: {support}',
  },
  nl: {
    subject: 'Het wachtwoord van uw account is gewijzigd',
    what: 'Het wachtwoord van uw account bij de museumwinkel is zojuist gewijzigd. Overal waar u verder was ingelogd, bent u nu uitgelogd.',
    notYou: 'Heeft u dit niet zelf gewijzigd? Kies dan meteen een nieuw wachtwoord („Wachtwoord vergeten”) en schrijf ons: {support}',
  },
  es: {
    subject: 'Se ha cambiado la contraseña de su cuenta',
    what: 'La contraseña de su cuenta de la tienda del museo se acaba de cambiar. Se ha cerrado su sesión en cualquier otro lugar donde la tuviera abierta.',
    notYou: 'Si no ha hecho usted este cambio, elija de inmediato una nueva contraseña («¿Ha olvidado su contraseña?») y escríbanos: {support}',
  },
  sv: {
    subject: 'Lösenordet till ditt konto har ändrats',
    what: 'Lösenordet till ditt konto i museibutiken har just ändrats. Överallt där du annars var inloggad är du nu utloggad.',
    notYou: 'Om det inte var du som gjorde ändringen, välj genast ett nytt lösenord (”Glömt lösenordet”) och skriv till oss: {support}',
  },
  da: {
    subject: 'Adgangskoden til din konto er ændret',
    what: 'Adgangskoden til din konto i museumsbutikken er netop blevet ændret. Alle andre steder, hvor du var logget ind, er du nu logget ud.',
    notYou: 'Hvis det ikke var dig, der foretog ændringen, så vælg straks en ny adgangskode (“Glemt adgangskode”) og skriv til os: {support}',
  },
};

/** A paragraph in plain text: a link goes on its own line after its label. */
export const paragraphText = (p: Paragraph): string => (typeof p === 'string' ? p : `${p.before}\n${p.label}: ${p.href}`);

/** A paragraph in HTML, escaped: a link is a paragraph of its own after the text. */
export const paragraphHtml = (p: Paragraph): string =>
  typeof p === 'string'
    ? `<p>${escapeHtml(p)}</p>`
    : `<p>${escapeHtml(p.before)}</p>\n<p><a href="${escapeHtml(p.href)}">${escapeHtml(p.label)}</a></p>`;

/** The mail's one heading (`text` is escaped here). */
export const heading1Html = (text: string): string => `<h1 style="font-size: 1.4em;">${escapeHtml(text)}</h1>`;

/**
 * The HTML document every mail shares: its language, the title (escaped here) and, in `<main>`,
 * `content` (lines of HTML, already escaped by the caller).
 */
export function htmlPage(lang: Language, title: string, content: string[]): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${lang}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body style="font-family: sans-serif; font-size: 16px; line-height: 1.5; max-width: 40em;">',
    '<main>',
    ...content,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Plain text and HTML of one mail: a heading (the subject), a greeting, paragraphs, the sign-off. */
function render(lang: Language, subject: string, name: string | null, paragraphs: Paragraph[]): MailContent {
  const frame = FRAME[lang];
  const text = [subject, '', frame.hello(name), '', ...paragraphs.map(paragraphText).flatMap((p) => [p, '']), frame.signature, ''].join('\n');
  const html = htmlPage(lang, subject, [
    heading1Html(subject),
    `<p>${escapeHtml(frame.hello(name))}</p>`,
    ...paragraphs.map(paragraphHtml),
    `<p>${escapeHtml(frame.signature)}</p>`,
  ]);
  return { subject, text, html };
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The mail with the recovery link (`link`: the shop's own address of the recovery page with the token). */
export function passwordResetMail(lang: Language, options: { name: string | null; link: string }): MailContent {
  const w = RESET[lang];
  return render(lang, w.subject, options.name, [{ before: w.intro, label: w.action, href: options.link }, w.once, w.notYou]);
}

/** The mail to the new address with the link that confirms it (`link`: the shop's own confirmation page with the token). */
export function emailConfirmMail(lang: Language, options: { name: string | null; link: string }): MailContent {
  const w = EMAIL_CONFIRM[lang];
  return render(lang, w.subject, options.name, [{ before: w.intro, label: w.action, href: options.link }, w.once, w.notYou]);
}

/** The notice to the old address that a change to another address was asked for (the new one partly masked). */
export function emailChangeRequestedMail(lang: Language, options: { name: string | null; newEmail: string; supportEmail: string }): MailContent {
  const w = EMAIL_CHANGE_REQUESTED[lang];
  return render(lang, w.subject, options.name, [fill(w.what, { email: maskEmail(options.newEmail) }), fill(w.notYou, { support: options.supportEmail })]);
}

/** The notice to the old address that the account's e-mail address changed (the new one partly masked). */
export function emailChangedMail(lang: Language, options: { name: string | null; newEmail: string; supportEmail: string }): MailContent {
  const w = EMAIL_CHANGED[lang];
  return render(lang, w.subject, options.name, [fill(w.what, { email: maskEmail(options.newEmail) }), fill(w.notYou, { support: options.supportEmail })]);
}

/** The notice that the account's password changed (in the settings or through a recovery link). */
export function passwordChangedMail(lang: Language, options: { name: string | null; supportEmail: string }): MailContent {
  const w = PASSWORD_CHANGED[lang];
  return render(lang, w.subject, options.name, [w.what, fill(w.notYou, { support: options.supportEmail })]);
}

/**
 * An address shown partly (`ma•••@example.org`): enough for its owner to know it, too little
 * for whoever reads the old mailbox to take the account over by it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}•••${email.slice(at)}`;
}

/** The name to greet a customer by: first and last name when known. */
export function greetingName(row: { fname: string | null; lname: string | null }): string | null {
  const name = [row.fname, row.lname].map((part) => part?.trim() ?? '').filter(Boolean).join(' ');
  return name === '' ? null : name;
}
