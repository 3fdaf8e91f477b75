import type { GeneralPreferences } from "@verbatim/shared";
import type { AccountEvent } from "../rules/email-jobs";

export type Language = GeneralPreferences["language"];

// Every e-mail Verbatim sends, in one place: its words in the four interface languages (the user's
// preferences.general.language) and the one layout that turns them into an HTML and a plain-text part.

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

/** What an e-mail says, before layout. Values in {braces} are filled in (and escaped in the HTML part). */
interface Content {
  subject: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Smaller print under the button. */
  notes?: string[];
  /** Why this e-mail came, with a link to change that. */
  footer?: { text: string; link?: { label: string; url: string } };
}

type LinkEmailWords = { subject: string; intro: string; button: string; expiry: string; ignore: string };

type Words = {
  greeting: string;
  signature: string;
  verify: LinkEmailWords;
  reset: LinkEmailWords;
  invitation: LinkEmailWords;
  emailChanged: { subject: string; intro: string; warning: string };
  activity: Record<AccountEvent, { subject: string; intro: string }> & { warning: string; button: string };
  transcription: {
    completedSubject: string;
    completedIntro: string;
    failedSubject: string;
    failedIntro: string;
    status: string;
    completed: string;
    failed: string;
    reason: string;
    open: string;
    retry: string;
  };
  webhookDisabled: { subject: string; intro: string; why: string; fix: string; button: string; footer: string };
  footer: {
    transcription: string;
    activity: string;
    always: string;
    feature: string;
    settings: string;
    unsubscribe: string;
  };
};

const WORDS: Record<Language, Words> = {
  en: {
    greeting: "Hi {name},",
    signature: "— Verbatim",
    verify: {
      subject: "Confirm your e-mail address",
      intro: "Please confirm that {email} is the address of your Verbatim account {username}.",
      button: "Confirm my address",
      expiry: "The link works once, for 24 hours.",
      ignore: "If you didn't create a Verbatim account, you can ignore this e-mail.",
    },
    reset: {
      subject: "Reset your Verbatim password",
      intro: "Someone asked to reset the password of your Verbatim account {username}.",
      button: "Choose a new password",
      expiry: "The link works once, for one hour. A new password signs you out everywhere.",
      ignore: "If it wasn't you, ignore this e-mail: your password stays as it is.",
    },
    invitation: {
      subject: "{inviter} invited you to {workspace} on Verbatim",
      intro:
        "{inviter} invited {email} to join the workspace {workspace} on Verbatim as {role}, to see and work on its meeting transcripts together.",
      button: "Accept the invitation",
      expiry: "The link works once, for 7 days, for an account with this e-mail address.",
      ignore: "If you weren't expecting this, you can ignore this e-mail.",
    },
    emailChanged: {
      subject: "Your Verbatim e-mail address was changed",
      intro: "The e-mail address of your Verbatim account {username} was changed from {oldEmail} to {newEmail}.",
      warning: "If you didn't do this, sign in, change the address back and change your password.",
    },
    activity: {
      "new-device": {
        subject: "New sign-in to your Verbatim account",
        intro:
          "Your Verbatim account {username} was signed in to from a browser or device it hadn't used before ({detail}), on {at}.",
      },
      "password-changed": {
        subject: "Your Verbatim password was changed",
        intro:
          "The password of your Verbatim account {username} was changed on {at}. Every other session was signed out.",
      },
      "google-connected": {
        subject: "Google was connected to your Verbatim account",
        intro: "The Google account {detail} was connected to your Verbatim account {username} on {at}.",
      },
      "google-disconnected": {
        subject: "Google was disconnected from your Verbatim account",
        intro: "Google was disconnected from your Verbatim account {username} on {at}.",
      },
      warning: "If this wasn't you, change your password now.",
      button: "Review my account",
    },
    transcription: {
      completedSubject: "Your transcript of “{file}” is ready",
      completedIntro: "“{file}” is transcribed.",
      failedSubject: "“{file}” could not be transcribed",
      failedIntro: "“{file}” could not be transcribed.",
      status: "Status: {status}",
      completed: "Completed",
      failed: "Failed",
      reason: "Reason: {reason}",
      open: "Open the transcript",
      retry: "Try again",
    },
    webhookDisabled: {
      subject: "Your webhook endpoint was switched off",
      intro: "Verbatim switched off your webhook endpoint {url}.",
      why: "Its last {count} messages failed on every attempt, for more than a day.",
      fix: "Check that the receiver answers with a 2xx status, then switch the endpoint back on in Settings › API. Failed messages can be sent again from its delivery log.",
      button: "Open Settings",
      footer: "We send this e-mail whatever your notification settings: webhooks you set up have stopped.",
    },
    footer: {
      transcription:
        "You get this e-mail because “Transcription complete or failed” is on in Settings › Notifications.",
      activity: "You get this e-mail because “Account activity” is on in Settings › Notifications.",
      always: "We always send this e-mail, whatever your notification settings: it keeps your account safe.",
      feature: "You get this e-mail because “New features” is on in Settings › Notifications.",
      settings: "Notification settings",
      unsubscribe: "Unsubscribe",
    },
  },
  es: {
    greeting: "Hola, {name}:",
    signature: "— Verbatim",
    verify: {
      subject: "Confirma tu dirección de correo",
      intro: "Confirma que {email} es la dirección de tu cuenta de Verbatim {username}.",
      button: "Confirmar mi dirección",
      expiry: "El enlace funciona una sola vez, durante 24 horas.",
      ignore: "Si no has creado una cuenta de Verbatim, puedes ignorar este correo.",
    },
    reset: {
      subject: "Restablece tu contraseña de Verbatim",
      intro: "Alguien ha pedido restablecer la contraseña de tu cuenta de Verbatim {username}.",
      button: "Elegir una contraseña nueva",
      expiry: "El enlace funciona una sola vez, durante una hora. Una contraseña nueva cierra todas tus sesiones.",
      ignore: "Si no has sido tú, ignora este correo: tu contraseña no cambia.",
    },
    invitation: {
      subject: "{inviter} te ha invitado a {workspace} en Verbatim",
      intro:
        "{inviter} ha invitado a {email} a unirse al espacio de trabajo {workspace} en Verbatim como {role}, para ver y trabajar juntos en sus transcripciones de reuniones.",
      button: "Aceptar la invitación",
      expiry: "El enlace funciona una vez, durante 7 días, para una cuenta con esta dirección de correo.",
      ignore: "Si no esperabas esta invitación, puedes ignorar este correo.",
    },
    emailChanged: {
      subject: "Se ha cambiado tu dirección de correo de Verbatim",
      intro: "La dirección de correo de tu cuenta de Verbatim {username} ha cambiado de {oldEmail} a {newEmail}.",
      warning: "Si no has sido tú, inicia sesión, vuelve a poner tu dirección y cambia la contraseña.",
    },
    activity: {
      "new-device": {
        subject: "Nuevo inicio de sesión en tu cuenta de Verbatim",
        intro:
          "Se ha iniciado sesión en tu cuenta de Verbatim {username} desde un navegador o dispositivo nuevo ({detail}), el {at}.",
      },
      "password-changed": {
        subject: "Se ha cambiado tu contraseña de Verbatim",
        intro:
          "La contraseña de tu cuenta de Verbatim {username} se cambió el {at}. Se cerraron todas las demás sesiones.",
      },
      "google-connected": {
        subject: "Google se ha conectado a tu cuenta de Verbatim",
        intro: "La cuenta de Google {detail} se conectó a tu cuenta de Verbatim {username} el {at}.",
      },
      "google-disconnected": {
        subject: "Google se ha desconectado de tu cuenta de Verbatim",
        intro: "Google se desconectó de tu cuenta de Verbatim {username} el {at}.",
      },
      warning: "Si no has sido tú, cambia tu contraseña ahora.",
      button: "Revisar mi cuenta",
    },
    transcription: {
      completedSubject: "Tu transcripción de «{file}» está lista",
      completedIntro: "«{file}» está transcrito.",
      failedSubject: "No se ha podido transcribir «{file}»",
      failedIntro: "No se ha podido transcribir «{file}».",
      status: "Estado: {status}",
      completed: "Completada",
      failed: "Fallida",
      reason: "Motivo: {reason}",
      open: "Abrir la transcripción",
      retry: "Intentarlo de nuevo",
    },
    webhookDisabled: {
      subject: "Tu endpoint de webhook se ha desactivado",
      intro: "Verbatim ha desactivado tu endpoint de webhook {url}.",
      why: "Sus últimos {count} mensajes fallaron en todos los intentos, durante más de un día.",
      fix: "Comprueba que el receptor responde con un estado 2xx y vuelve a activar el endpoint en Ajustes › API. Los mensajes fallidos pueden reenviarse desde su registro de entregas.",
      button: "Abrir Ajustes",
      footer:
        "Enviamos este correo sean cuales sean tus ajustes de notificaciones: los webhooks que configuraste se han detenido.",
    },
    footer: {
      transcription:
        "Recibes este correo porque «Transcripción completada o fallida» está activado en Ajustes › Notificaciones.",
      activity: "Recibes este correo porque «Actividad de la cuenta» está activado en Ajustes › Notificaciones.",
      always: "Siempre enviamos este correo, sea cual sea tu configuración: protege tu cuenta.",
      feature: "Recibes este correo porque «Novedades» está activado en Ajustes › Notificaciones.",
      settings: "Ajustes de notificaciones",
      unsubscribe: "Darse de baja",
    },
  },
  fr: {
    greeting: "Bonjour {name},",
    signature: "— Verbatim",
    verify: {
      subject: "Confirmez votre adresse e-mail",
      intro: "Confirmez que {email} est l’adresse de votre compte Verbatim {username}.",
      button: "Confirmer mon adresse",
      expiry: "Le lien fonctionne une seule fois, pendant 24 heures.",
      ignore: "Si vous n’avez pas créé de compte Verbatim, ignorez cet e-mail.",
    },
    reset: {
      subject: "Réinitialisez votre mot de passe Verbatim",
      intro: "Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Verbatim {username}.",
      button: "Choisir un nouveau mot de passe",
      expiry: "Le lien fonctionne une seule fois, pendant une heure. Un nouveau mot de passe vous déconnecte partout.",
      ignore: "Si ce n’était pas vous, ignorez cet e-mail : votre mot de passe reste le même.",
    },
    invitation: {
      subject: "{inviter} vous invite dans {workspace} sur Verbatim",
      intro:
        "{inviter} invite {email} à rejoindre l'espace de travail {workspace} sur Verbatim en tant que {role}, pour consulter et travailler ensemble sur ses transcriptions de réunions.",
      button: "Accepter l'invitation",
      expiry: "Le lien fonctionne une fois, pendant 7 jours, pour un compte avec cette adresse e-mail.",
      ignore: "Si vous ne vous attendiez pas à cette invitation, vous pouvez ignorer cet e-mail.",
    },
    emailChanged: {
      subject: "L’adresse e-mail de votre compte Verbatim a changé",
      intro: "L’adresse e-mail de votre compte Verbatim {username} est passée de {oldEmail} à {newEmail}.",
      warning: "Si ce n’était pas vous, connectez-vous, remettez votre adresse et changez votre mot de passe.",
    },
    activity: {
      "new-device": {
        subject: "Nouvelle connexion à votre compte Verbatim",
        intro:
          "Votre compte Verbatim {username} a été ouvert depuis un navigateur ou un appareil inconnu ({detail}), le {at}.",
      },
      "password-changed": {
        subject: "Votre mot de passe Verbatim a été changé",
        intro:
          "Le mot de passe de votre compte Verbatim {username} a été changé le {at}. Toutes les autres sessions ont été fermées.",
      },
      "google-connected": {
        subject: "Google a été connecté à votre compte Verbatim",
        intro: "Le compte Google {detail} a été connecté à votre compte Verbatim {username} le {at}.",
      },
      "google-disconnected": {
        subject: "Google a été déconnecté de votre compte Verbatim",
        intro: "Google a été déconnecté de votre compte Verbatim {username} le {at}.",
      },
      warning: "Si ce n’était pas vous, changez votre mot de passe maintenant.",
      button: "Vérifier mon compte",
    },
    transcription: {
      completedSubject: "Votre transcription de « {file} » est prête",
      completedIntro: "« {file} » est transcrit.",
      failedSubject: "« {file} » n’a pas pu être transcrit",
      failedIntro: "« {file} » n’a pas pu être transcrit.",
      status: "État : {status}",
      completed: "Terminée",
      failed: "Échouée",
      reason: "Raison : {reason}",
      open: "Ouvrir la transcription",
      retry: "Réessayer",
    },
    webhookDisabled: {
      subject: "Votre endpoint de webhook a été désactivé",
      intro: "Verbatim a désactivé votre endpoint de webhook {url}.",
      why: "Ses {count} derniers messages ont échoué à chaque tentative, pendant plus d’un jour.",
      fix: "Vérifiez que le récepteur répond avec un statut 2xx, puis réactivez l’endpoint dans Paramètres › API. Les messages échoués peuvent être renvoyés depuis son journal des envois.",
      button: "Ouvrir les paramètres",
      footer:
        "Nous envoyons cet e-mail quels que soient vos réglages de notification : les webhooks que vous avez configurés se sont arrêtés.",
    },
    footer: {
      transcription:
        "Vous recevez cet e-mail car « Transcription terminée ou échouée » est activé dans Paramètres › Notifications.",
      activity: "Vous recevez cet e-mail car « Activité du compte » est activé dans Paramètres › Notifications.",
      always: "Nous envoyons toujours cet e-mail, quels que soient vos réglages : il protège votre compte.",
      feature: "Vous recevez cet e-mail car « Nouveautés » est activé dans Paramètres › Notifications.",
      settings: "Réglages des notifications",
      unsubscribe: "Se désabonner",
    },
  },
  de: {
    greeting: "Hallo {name},",
    signature: "— Verbatim",
    verify: {
      subject: "Bestätigen Sie Ihre E-Mail-Adresse",
      intro: "Bitte bestätigen Sie, dass {email} die Adresse Ihres Verbatim-Kontos {username} ist.",
      button: "Adresse bestätigen",
      expiry: "Der Link funktioniert einmal, 24 Stunden lang.",
      ignore: "Wenn Sie kein Verbatim-Konto angelegt haben, können Sie diese E-Mail ignorieren.",
    },
    reset: {
      subject: "Verbatim-Passwort zurücksetzen",
      intro: "Jemand hat verlangt, das Passwort Ihres Verbatim-Kontos {username} zurückzusetzen.",
      button: "Neues Passwort wählen",
      expiry: "Der Link funktioniert einmal, eine Stunde lang. Ein neues Passwort meldet Sie überall ab.",
      ignore: "Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.",
    },
    invitation: {
      subject: "{inviter} hat dich zu {workspace} auf Verbatim eingeladen",
      intro:
        "{inviter} hat {email} eingeladen, dem Arbeitsbereich {workspace} auf Verbatim als {role} beizutreten, um gemeinsam an seinen Besprechungstranskripten zu arbeiten.",
      button: "Einladung annehmen",
      expiry: "Der Link funktioniert einmal, 7 Tage lang, für ein Konto mit dieser E-Mail-Adresse.",
      ignore: "Wenn du diese Einladung nicht erwartet hast, kannst du diese E-Mail ignorieren.",
    },
    emailChanged: {
      subject: "Die E-Mail-Adresse Ihres Verbatim-Kontos wurde geändert",
      intro: "Die E-Mail-Adresse Ihres Verbatim-Kontos {username} wurde von {oldEmail} in {newEmail} geändert.",
      warning:
        "Wenn Sie das nicht waren, melden Sie sich an, ändern Sie die Adresse zurück und ändern Sie Ihr Passwort.",
    },
    activity: {
      "new-device": {
        subject: "Neue Anmeldung bei Ihrem Verbatim-Konto",
        intro:
          "Bei Ihrem Verbatim-Konto {username} wurde sich von einem neuen Browser oder Gerät aus angemeldet ({detail}), am {at}.",
      },
      "password-changed": {
        subject: "Ihr Verbatim-Passwort wurde geändert",
        intro:
          "Das Passwort Ihres Verbatim-Kontos {username} wurde am {at} geändert. Alle anderen Sitzungen wurden beendet.",
      },
      "google-connected": {
        subject: "Google wurde mit Ihrem Verbatim-Konto verbunden",
        intro: "Das Google-Konto {detail} wurde am {at} mit Ihrem Verbatim-Konto {username} verbunden.",
      },
      "google-disconnected": {
        subject: "Google wurde von Ihrem Verbatim-Konto getrennt",
        intro: "Google wurde am {at} von Ihrem Verbatim-Konto {username} getrennt.",
      },
      warning: "Wenn Sie das nicht waren, ändern Sie jetzt Ihr Passwort.",
      button: "Konto überprüfen",
    },
    transcription: {
      completedSubject: "Ihre Transkription von „{file}“ ist fertig",
      completedIntro: "„{file}“ ist transkribiert.",
      failedSubject: "„{file}“ konnte nicht transkribiert werden",
      failedIntro: "„{file}“ konnte nicht transkribiert werden.",
      status: "Status: {status}",
      completed: "Abgeschlossen",
      failed: "Fehlgeschlagen",
      reason: "Grund: {reason}",
      open: "Transkript öffnen",
      retry: "Erneut versuchen",
    },
    webhookDisabled: {
      subject: "Ihr Webhook-Endpunkt wurde abgeschaltet",
      intro: "Verbatim hat Ihren Webhook-Endpunkt {url} abgeschaltet.",
      why: "Seine letzten {count} Nachrichten sind bei jedem Versuch fehlgeschlagen, über mehr als einen Tag.",
      fix: "Prüfen Sie, ob der Empfänger mit einem 2xx-Status antwortet, und schalten Sie den Endpunkt unter Einstellungen › API wieder ein. Fehlgeschlagene Nachrichten lassen sich aus seinem Zustellprotokoll erneut senden.",
      button: "Einstellungen öffnen",
      footer:
        "Diese E-Mail senden wir unabhängig von Ihren Benachrichtigungseinstellungen: Von Ihnen eingerichtete Webhooks sind gestoppt.",
    },
    footer: {
      transcription:
        "Sie erhalten diese E-Mail, weil „Transkription abgeschlossen oder fehlgeschlagen“ unter Einstellungen › Benachrichtigungen eingeschaltet ist.",
      activity:
        "Sie erhalten diese E-Mail, weil „Kontoaktivität“ unter Einstellungen › Benachrichtigungen eingeschaltet ist.",
      always: "Diese E-Mail senden wir immer, unabhängig von Ihren Einstellungen: Sie schützt Ihr Konto.",
      feature:
        "Sie erhalten diese E-Mail, weil „Neue Funktionen“ unter Einstellungen › Benachrichtigungen eingeschaltet ist.",
      settings: "Benachrichtigungseinstellungen",
      unsubscribe: "Abbestellen",
    },
  },
};

/**
 * Product announcements ("New features"), each in every language. The queue message names one by its id. The hourly
 * cron e-mails one, once, to everyone who opted in, from its `publishAt` on (mail/announcements.ts).
 */
export const ANNOUNCEMENTS: Record<
  string,
  { publishAt: string } & Record<Language, { subject: string; paragraphs: string[] }>
> = {
  "email-notifications": {
    publishAt: "2026-11-27T00:00:00.000Z",
    en: {
      subject: "New in Verbatim: e-mail when a transcript is ready",
      paragraphs: [
        "Verbatim can now e-mail you when a transcript is ready or a recording could not be transcribed, and when someone signs in to your account from a new device.",
        "Choose what you get in Settings › Notifications.",
      ],
    },
    es: {
      subject: "Novedad en Verbatim: un correo cuando la transcripción esté lista",
      paragraphs: [
        "Verbatim ya puede enviarte un correo cuando una transcripción esté lista o una grabación no se haya podido transcribir, y cuando alguien inicie sesión en tu cuenta desde un dispositivo nuevo.",
        "Elige qué recibes en Ajustes › Notificaciones.",
      ],
    },
    fr: {
      subject: "Nouveau dans Verbatim : un e-mail quand une transcription est prête",
      paragraphs: [
        "Verbatim peut désormais vous écrire quand une transcription est prête ou qu’un enregistrement n’a pas pu être transcrit, et quand quelqu’un se connecte à votre compte depuis un nouvel appareil.",
        "Choisissez ce que vous recevez dans Paramètres › Notifications.",
      ],
    },
    de: {
      subject: "Neu in Verbatim: eine E-Mail, wenn ein Transkript fertig ist",
      paragraphs: [
        "Verbatim schreibt Ihnen jetzt, wenn ein Transkript fertig ist oder eine Aufnahme nicht transkribiert werden konnte, und wenn sich jemand von einem neuen Gerät aus bei Ihrem Konto anmeldet.",
        "Was Sie erhalten, wählen Sie unter Einstellungen › Benachrichtigungen.",
      ],
    },
  },
};

const fill = (template: string, values: Record<string, string>, encode: (s: string) => string = (s) => s) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? encode(values[key] ?? "") : whole));

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The one layout: the same content as plain text and as simple, inline-styled HTML. */
function layout(language: Language, name: string, content: Content, values: Record<string, string>): Rendered {
  const w = WORDS[language];
  const text = (s: string) => fill(s, values);
  const html = (s: string) => fill(escapeHtml(s), values, escapeHtml);
  const subject = text(content.subject);
  const greeting = fill(w.greeting, { name });
  const plain = [
    greeting,
    ...content.paragraphs.map(text),
    ...(content.button ? [`${text(content.button.label)}: ${content.button.url}`] : []),
    ...(content.notes ?? []).map(text),
    w.signature,
    ...(content.footer
      ? [
          "--",
          text(content.footer.text),
          ...(content.footer.link ? [`${text(content.footer.link.label)}: ${content.footer.link.url}`] : []),
        ]
      : []),
  ].join("\n\n");
  const p = (inner: string, style = "margin:0 0 16px") => `<p style="${style}">${inner}</p>`;
  const body = [
    p(fill(escapeHtml(w.greeting), { name }, escapeHtml)),
    ...content.paragraphs.map((s) => p(html(s))),
    ...(content.button
      ? [
          p(
            `<a href="${escapeHtml(content.button.url)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">${html(content.button.label)}</a>`,
            "margin:24px 0",
          ),
        ]
      : []),
    ...(content.notes ?? []).map((s) => p(html(s), "margin:0 0 12px;color:#555555;font-size:14px")),
    p(escapeHtml(w.signature)),
    ...(content.footer
      ? [
          `<hr style="border:none;border-top:1px solid #dddddd;margin:24px 0">`,
          p(
            `${html(content.footer.text)}${content.footer.link ? ` <a href="${escapeHtml(content.footer.link.url)}" style="color:#2563eb">${html(content.footer.link.label)}</a>` : ""}`,
            "margin:0;color:#777777;font-size:12px",
          ),
        ]
      : []),
  ].join("\n");
  const document = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111111;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px">
${body}
</div>
</body>
</html>
`;
  return { subject, text: `${plain}\n`, html: document };
}

export interface Recipient {
  language: Language;
  /** How the e-mail greets them: their full name, else their username. */
  name: string;
  username: string;
}

const settingsLink = (origin: string, language: Language) => ({
  label: WORDS[language].footer.settings,
  url: `${origin}/settings`,
});

/** An e-mail whose point is one link: a line, the button, how long it works, and what to do if unexpected. */
function linkEmail(to: Recipient, w: LinkEmailWords, link: string, values: Record<string, string>) {
  return layout(
    to.language,
    to.name,
    { subject: w.subject, paragraphs: [w.intro], button: { label: w.button, url: link }, notes: [w.expiry, w.ignore] },
    values,
  );
}

export const confirmationEmail = (to: Recipient, v: { email: string; link: string }) =>
  linkEmail(to, WORDS[to.language].verify, v.link, { email: v.email, username: to.username });

export const resetEmail = (to: Recipient, v: { link: string }) =>
  linkEmail(to, WORDS[to.language].reset, v.link, { username: to.username });

/** An invitation into a team workspace, to an address that may have no account yet. */
export const invitationEmail = (
  to: Recipient,
  v: { inviter: string; email: string; workspace: string; role: string; link: string },
) => linkEmail(to, WORDS[to.language].invitation, v.link, v);

export function emailChangedEmail(to: Recipient, v: { oldEmail: string; newEmail: string }) {
  const w = WORDS[to.language];
  return layout(
    to.language,
    to.name,
    {
      subject: w.emailChanged.subject,
      paragraphs: [w.emailChanged.intro, w.emailChanged.warning],
      footer: { text: w.footer.always },
    },
    { username: to.username, ...v },
  );
}

export function activityEmail(
  to: Recipient,
  v: { event: AccountEvent; detail: string; at: string; origin: string; always: boolean },
) {
  const w = WORDS[to.language];
  const event = w.activity[v.event];
  return layout(
    to.language,
    to.name,
    {
      subject: event.subject,
      paragraphs: [event.intro, w.activity.warning],
      button: { label: w.activity.button, url: `${v.origin}/settings` },
      footer: v.always
        ? { text: w.footer.always }
        : { text: w.footer.activity, link: settingsLink(v.origin, to.language) },
    },
    { username: to.username, detail: v.detail, at: v.at },
  );
}

export function transcriptionEmail(
  to: Recipient,
  v: { file: string; completed: boolean; reason: string; link: string; origin: string },
) {
  const w = WORDS[to.language].transcription;
  const footer = { text: WORDS[to.language].footer.transcription, link: settingsLink(v.origin, to.language) };
  const status = v.completed ? w.completed : w.failed;
  return layout(
    to.language,
    to.name,
    v.completed
      ? {
          subject: w.completedSubject,
          paragraphs: [w.completedIntro, w.status],
          button: { label: w.open, url: v.link },
          footer,
        }
      : {
          subject: w.failedSubject,
          paragraphs: [w.failedIntro, w.status, w.reason],
          button: { label: w.retry, url: v.link },
          footer,
        },
    { file: v.file, status, reason: v.reason },
  );
}

export function featureEmail(to: Recipient, v: { announcement: string; unsubscribeUrl: string }) {
  const announcement = ANNOUNCEMENTS[v.announcement]?.[to.language];
  if (!announcement) throw new Error(`No announcement ${v.announcement}`);
  const w = WORDS[to.language].footer;
  return layout(
    to.language,
    to.name,
    {
      subject: announcement.subject,
      paragraphs: announcement.paragraphs,
      footer: { text: w.feature, link: { label: w.unsubscribe, url: v.unsubscribeUrl } },
    },
    {},
  );
}

export function webhookDisabledEmail(to: Recipient, v: { url: string; count: number; origin: string }) {
  const w = WORDS[to.language].webhookDisabled;
  return layout(
    to.language,
    to.name,
    {
      subject: w.subject,
      paragraphs: [w.intro, w.why, w.fix],
      button: { label: w.button, url: `${v.origin}/settings` },
      footer: { text: w.footer },
    },
    { url: v.url, count: String(v.count) },
  );
}
