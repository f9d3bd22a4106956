/**
 * HTTP rules the web layer applies to every answer, written without the servlet API so each is
 * tested as a table of cases: how long and by whom an answer may be kept ({@link
 * org.olfsfastpath.http.CacheHeaders}, from {@link org.olfsfastpath.http.HttpCacheSettings} and the
 * front end's own freshness bound), which other origins a browser may let read it ({@link
 * org.olfsfastpath.http.CorsPolicy}), and which part of it a {@code Range} request gets ({@link
 * org.olfsfastpath.http.ByteRanges}, RFC 9110 single ranges and {@code If-Range}). Each policy is
 * built once at start, holds its header values ready, and answers a request with no formatting.
 * Depends on nothing of ours but the settings grammar.
 */
@NullMarked
package org.olfsfastpath.http;

import org.jspecify.annotations.NullMarked;
