// Texts for `message` and `errors[].defaultMessage`, in English and Italian (Accept-Language).
const en = {
  "error.validation": "Validation failed: {count} invalid field(s)",
  "error.notFound": "Resource not found",
  "error.userNotFound": "User not found",
  "error.internal": "An unexpected error occurred",
  "error.badRequest": "The request is malformed",
  "error.rateLimited": "Too many attempts, retry in {seconds} seconds",
  "error.accountInactive": "The account is not active: follow the link in the activation mail",
  "error.accountDisabled": "The account is disabled",
  "error.tokenInvalid": "The token is invalid or has expired",
  "error.wrongPassword": "The current password is wrong",
  "error.methodNotAllowed": "Method not allowed",
  "error.activationTokenInvalid": "The activation link is invalid or has already been used",
  "error.renewTokenInvalid": "The password renewal link is invalid, used or expired",
  // playback
  "error.boxItemFailed": "This content could not be processed: {reason}",
  "error.boxItemNotPlayable": "This content is still being processed and cannot be played yet: retry in a few seconds",
  "playback.bandLimitExceeded": "The publisher's monthly band is used up: this content can be played again next month",
  "field.required": "is required",
  "field.invalid": "is not valid",
  "field.unstorableText": "must not contain NUL characters or unpaired surrogates",
  "field.type": "must be of type {type}",
  "field.tooShort": "must be at least {min} characters long",
  "field.tooLong": "must be at most {max} characters long",
  "field.tooSmall": "must be at least {min}",
  "field.tooBig": "must be at most {max}",
  "field.email": "must be a valid email address",
  "field.date": "must be a date dd/MM/yyyy",
  "field.dateInPast": "must be a date in the past",
  "field.userCode": "must be 3 to 32 letters, digits, '.', '_' or '-'",
  "field.userCodeTaken": "is already used by another user",
  "field.emailTaken": "is already used by another user",
  "field.passwordConfirm": "must equal the password",
  "field.passwordWeak": "must be at least 8 characters long",
  "field.conditionsAccepted": "the conditions must be accepted",
  "field.companyConfirm": "must be true when a company name is given",
  "field.activationUrl": "must be an http(s) URL containing ${token}",
  "field.userCodeOrEmail": "give either userCode or email",
  "field.country": "must be an ISO 3166 two-letter country code",
  "field.language": "must be a language code such as en or it",
  "field.url": "must be an http(s) URL",
  "field.sort": "is not a supported sort",
  "field.thumbnailId": "is not one of your thumbnails",
  "field.confirmationUrl": "must be an http(s) URL containing ${token}",
  "field.linkOrigin": "must point to an origin registered for this client: {origins}",
  // box, thumbnails, downloads
  "error.boxItemNotFound": "Box content not found",
  "error.thumbnailNotFound": "Thumbnail not found",
  "error.thumbnailPrivate": "This image is private",
  "error.licenseExpired": "Your license has expired: renew it to upload new contents",
  "error.storageQuotaExceeded": "Your storage quota of {quota} GB is used up: delete some contents or upgrade your license",
  "error.uploadQuotaExceeded": "You have reached the {max} contents your license allows: delete some or upgrade your license",
  "error.fileTooLarge": "The file is larger than the {max} MB your license allows",
  "error.imageTooLarge": "The image is larger than {max} MB",
  "error.multipartExpected": "The request must be a multipart/form-data upload",
  "error.downloadTokenInvalid": "The download link is invalid, already used or expired",
  "field.contentIdTaken": "is already used by another content",
  "field.contentIdentifier": "must be 1 to 200 characters without spaces or control characters",
  "field.imageType": "must be a PNG, JPEG or WebP image",
  "field.progressbarId": "must be 1 to 100 letters, digits, '.', '_' or '-'",
  // vod
  "error.vodNotFound": "Vod item not found",
  "error.vodContentProcessing": "This content is still being processed: publish it once it is READY",
  "error.vodContentFailed": "This content could not be processed and cannot be published",
  "error.boxItemHasVods": "This content is published as {count} vod item(s): delete them first",
  "error.vodNotForSale": "This content is not pay-per-view: play it without paying",
  "error.vodOwnContent": "You publish this content: you play it without paying",
  "playback.paymentRequired": "This content is pay-per-view: pay to watch it",
  "field.licenseType": "must be one of FREE, CREATIVE_COMMONS, PAY_PER_VIEW, CONTENT_BUNDLE",
  "field.licenseTypeRequired": "is required when ccType or bundleId is given",
  "field.licenseTypeBundle": "CONTENT_BUNDLE is not available yet: content bundles are coming",
  "field.ccType": "must be one of BY, BY_SA, BY_ND, BY_NC, BY_NC_SA, BY_NC_ND",
  "field.pricePerView": "must be an amount from 0,01 to 10000,00 with at most two decimals",
  "field.price": "must be an amount from 0,01 to 10000,00 with at most two decimals",
  "field.dateNotPast": "must be today or a later date",
  "field.onlyWithCreativeCommons": "is allowed only with licenseType CREATIVE_COMMONS",
  "field.onlyWithContentBundle": "is allowed only with licenseType CONTENT_BUNDLE",
} as const;

export type MessageId = keyof typeof en;

const it: Record<MessageId, string> = {
  "error.validation": "Validazione non riuscita: {count} campo/i non valido/i",
  "error.notFound": "Risorsa non trovata",
  "error.userNotFound": "Utente non trovato",
  "error.internal": "Si è verificato un errore imprevisto",
  "error.badRequest": "La richiesta non è valida",
  "error.rateLimited": "Troppi tentativi, riprova tra {seconds} secondi",
  "error.accountInactive": "L'account non è attivo: segui il link nella mail di attivazione",
  "error.accountDisabled": "L'account è disabilitato",
  "error.tokenInvalid": "Il token non è valido o è scaduto",
  "error.wrongPassword": "La password attuale è errata",
  "error.methodNotAllowed": "Metodo non consentito",
  "error.activationTokenInvalid": "Il link di attivazione non è valido o è già stato usato",
  "error.renewTokenInvalid": "Il link per reimpostare la password non è valido, è già stato usato o è scaduto",
  "error.boxItemFailed": "Non è stato possibile elaborare questo contenuto: {reason}",
  "error.boxItemNotPlayable": "Questo contenuto è ancora in elaborazione e non può essere riprodotto: riprova tra qualche secondo",
  "playback.bandLimitExceeded": "La banda mensile dell'editore è esaurita: il contenuto sarà di nuovo disponibile il mese prossimo",
  "field.required": "è obbligatorio",
  "field.invalid": "non è valido",
  "field.unstorableText": "non deve contenere caratteri NUL o surrogati spaiati",
  "field.type": "deve essere di tipo {type}",
  "field.tooShort": "deve essere lungo almeno {min} caratteri",
  "field.tooLong": "deve essere lungo al massimo {max} caratteri",
  "field.tooSmall": "deve essere almeno {min}",
  "field.tooBig": "deve essere al massimo {max}",
  "field.email": "deve essere un indirizzo email valido",
  "field.date": "deve essere una data gg/MM/aaaa",
  "field.dateInPast": "deve essere una data passata",
  "field.userCode": "deve avere da 3 a 32 lettere, cifre, '.', '_' o '-'",
  "field.userCodeTaken": "è già usato da un altro utente",
  "field.emailTaken": "è già usata da un altro utente",
  "field.passwordConfirm": "deve essere uguale alla password",
  "field.passwordWeak": "deve essere lunga almeno 8 caratteri",
  "field.conditionsAccepted": "le condizioni devono essere accettate",
  "field.companyConfirm": "deve essere true quando è indicata una ragione sociale",
  "field.activationUrl": "deve essere un URL http(s) che contiene ${token}",
  "field.userCodeOrEmail": "indicare userCode oppure email",
  "field.country": "deve essere un codice paese ISO 3166 di due lettere",
  "field.language": "deve essere un codice lingua come en o it",
  "field.url": "deve essere un URL http(s)",
  "field.sort": "non è un ordinamento supportato",
  "field.thumbnailId": "non è una delle tue miniature",
  "field.confirmationUrl": "deve essere un URL http(s) che contiene ${token}",
  "field.linkOrigin": "deve puntare a un'origine registrata per questo client: {origins}",
  "error.boxItemNotFound": "Contenuto non trovato",
  "error.thumbnailNotFound": "Miniatura non trovata",
  "error.thumbnailPrivate": "Questa immagine è privata",
  "error.licenseExpired": "La tua licenza è scaduta: rinnovala per caricare nuovi contenuti",
  "error.storageQuotaExceeded":
    "Lo spazio di {quota} GB della tua licenza è esaurito: elimina dei contenuti o passa a una licenza superiore",
  "error.uploadQuotaExceeded":
    "Hai raggiunto i {max} contenuti consentiti dalla tua licenza: eliminane qualcuno o passa a una licenza superiore",
  "error.fileTooLarge": "Il file supera i {max} MB consentiti dalla tua licenza",
  "error.imageTooLarge": "L'immagine supera i {max} MB",
  "error.multipartExpected": "La richiesta deve essere un caricamento multipart/form-data",
  "error.downloadTokenInvalid": "Il link di download non è valido, è già stato usato o è scaduto",
  "field.contentIdTaken": "è già usato da un altro contenuto",
  "field.contentIdentifier": "deve avere da 1 a 200 caratteri senza spazi né caratteri di controllo",
  "field.imageType": "deve essere un'immagine PNG, JPEG o WebP",
  "field.progressbarId": "deve avere da 1 a 100 lettere, cifre, '.', '_' o '-'",
  // vod
  "error.vodNotFound": "Contenuto on demand non trovato",
  "error.vodContentProcessing": "Questo contenuto è ancora in elaborazione: pubblicalo quando sarà READY",
  "error.vodContentFailed": "Non è stato possibile elaborare questo contenuto: non può essere pubblicato",
  "error.boxItemHasVods": "Questo contenuto è pubblicato in {count} contenuti on demand: eliminali prima",
  "error.vodNotForSale": "Questo contenuto non è a pagamento: riproducilo senza pagare",
  "error.vodOwnContent": "Sei l'editore di questo contenuto: lo riproduci senza pagare",
  "playback.paymentRequired": "Questo contenuto è a pagamento: paga per guardarlo",
  "field.licenseType": "deve essere uno tra FREE, CREATIVE_COMMONS, PAY_PER_VIEW, CONTENT_BUNDLE",
  "field.licenseTypeRequired": "è obbligatorio quando è indicato ccType o bundleId",
  "field.licenseTypeBundle": "CONTENT_BUNDLE non è ancora disponibile: i pacchetti di contenuti arriveranno presto",
  "field.ccType": "deve essere uno tra BY, BY_SA, BY_ND, BY_NC, BY_NC_SA, BY_NC_ND",
  "field.pricePerView": "deve essere un importo da 0,01 a 10000,00 con al massimo due decimali",
  "field.price": "deve essere un importo da 0,01 a 10000,00 con al massimo due decimali",
  "field.dateNotPast": "deve essere oggi o una data successiva",
  "field.onlyWithCreativeCommons": "è ammesso solo con licenseType CREATIVE_COMMONS",
  "field.onlyWithContentBundle": "è ammesso solo con licenseType CONTENT_BUNDLE",
};

const catalogues = { en, it } as const;
export type Lang = keyof typeof catalogues;

/** Picks the first supported language of an Accept-Language header; English by default. */
export function pickLang(acceptLanguage: string | null | undefined): Lang {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase().slice(0, 2);
    if (tag === "it" || tag === "en") return tag;
  }
  return "en";
}

export function translate(lang: Lang, id: MessageId, params: Record<string, string | number> = {}): string {
  const text: string = catalogues[lang][id] ?? en[id];
  return text.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? `{${key}}`));
}

/** Lets a schema name a message id directly, e.g. `z.string().regex(re, "field.userCode")`. */
export function isMessageId(text: string): text is MessageId {
  return Object.prototype.hasOwnProperty.call(en, text);
}
