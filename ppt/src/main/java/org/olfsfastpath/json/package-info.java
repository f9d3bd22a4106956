/**
 * JSON as the project writes it, in one place for the front end and the tools: {@link
 * org.olfsfastpath.json.Json} escapes strings (HTML-safe by default, so a value cannot close the
 * {@code <script>} element a page embeds it in), walks a record into the tree it is written as
 * ({@code fields}: every statistics value is written from it) and writes trees, indented (the
 * status document) or compact (a value over JMX); {@link org.olfsfastpath.json.JsonWriter} streams
 * compact or indented JSON into a {@link java.lang.StringBuilder}. The front end's pages, listings,
 * error bodies and status document and the PPT trace's records all write through it.
 *
 * <p>Why here, in the {@code ppt} module: the tools cannot depend on the front end (modules build
 * in the order ppt, tools, frontend), and this module is the one both depend on. Like {@code spec},
 * it depends on nothing of the project's and knows nothing of PPT; every layer may use it.
 */
@NullMarked
package org.olfsfastpath.json;

import org.jspecify.annotations.NullMarked;
