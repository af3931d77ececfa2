const MASK = "***";
// A URL inside any text: a scheme, `://`, then everything up to a space or a quote. Linear: the text may be anyone's.
const URL_IN_TEXT = /\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s"'<>`\\]+/g;
// Everything from `://` to the last `@` before the path: the userinfo.
const USERINFO = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#]*@/;
const QUERY_VALUE = /([?&;][^=&#;]*)=[^&#;]*/g;
// Known secrets shorter than this are left alone: masking them everywhere would garble unrelated text.
const MIN_SECRET_LENGTH = 6;

/**
 * Makes the one function the gateway runs over every URL and message it prints, logs or hands to a script. In any
 * URL in the text it masks the userinfo and every query value (their names stay, to tell URLs apart); it then masks
 * each of `secrets` wherever it appears, as written or percent-encoded.
 */
export function createRedactor(secrets: readonly string[] = []): (text: string) => string {
  const known = [...new Set(secrets.flatMap((secret) => [secret, encodeURIComponent(secret)]))]
    .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
    // Longest first, so a secret that contains another is masked whole.
    .sort((left, right) => right.length - left.length);
  return (text) => {
    let redacted = text.replace(URL_IN_TEXT, redactUrl);
    for (const secret of known) if (redacted.includes(secret)) redacted = redacted.split(secret).join(MASK);
    return redacted;
  };
}

/** A URL as it may be printed: its userinfo and its query values masked. */
export function redactUrl(url: string): string {
  return url.replace(USERINFO, `$1${MASK}@`).replace(QUERY_VALUE, `$1=${MASK}`);
}
