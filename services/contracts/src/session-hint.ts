/**
 * A readable cookie set and cleared with the encrypted session cookie, holding no secret: it tells
 * the web app that a session may exist, so a visitor's pages do not probe `GET /api/user` (whose
 * 401 a browser logs as an error) (decision 0056). The session cookie alone says who is signed in.
 */
export const SESSION_HINT_COOKIE = 'upright_signed_in';
