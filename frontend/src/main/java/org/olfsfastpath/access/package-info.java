/**
 * Login and access rules: who a request's credentials name and what they may have, asked by the web
 * layer before any cache, so that a restricted answer is never served from the response cache, by a
 * 304 or in a listing to someone who may not have it. No servlet type: the web layer reads the
 * request into {@link org.olfsfastpath.access.Credentials} and turns a {@link
 * org.olfsfastpath.access.Decision} into a status, so every rule is tested without a container.
 *
 * <p>The configuration is upstream's user-access.xml, read with upstream's meaning by {@link
 * org.olfsfastpath.access.UserAccessFile} (providers, {@code Policy} rules, {@code Memberships}),
 * switched on by olfs.xml's {@code FastPath/Access} ({@link
 * org.olfsfastpath.access.AccessOptions}). {@link org.olfsfastpath.access.Access} is the entry
 * point: the {@code Authenticator} checks a bearer token locally with the provider that issued it
 * ({@code EdlProvider} for Earthdata Login, {@code OidcProvider} for any OpenID Connect issuer,
 * both on Nimbus: JWKS fetched with timeouts, cached, refetched on an unknown key id at most every
 * 30 s), or opens the session cookie ({@link org.olfsfastpath.access.SessionCodec}: a JWE sealed
 * with {@link org.olfsfastpath.access.SessionKeys}, so front ends sharing the keys share sessions
 * with no store); a proven token or cookie is kept for minutes by its value. The {@code
 * PolicyDecider} applies upstream's first-match allow-list. {@code Logins} runs the OAuth2 code
 * flow as values (the login cookie keeps {@code state}, nonce and PKCE; {@link
 * org.olfsfastpath.access.ReturnPath} keeps the way back on this service). Every call to a provider
 * has a timeout and is counted ({@link org.olfsfastpath.access.AccessStats}). No secret (token,
 * client secret, key, cookie) appears in a message, a {@code toString} or a counter's label.
 *
 * <p>Depends on the settings grammar ({@code spec}) and the libraries (Nimbus, Caffeine, JDOM)
 * only; used by web, boot and ops.
 */
@NullMarked
package org.olfsfastpath.access;

import org.jspecify.annotations.NullMarked;
