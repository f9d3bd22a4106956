/**
 * The BES command layer: request documents built with JDOM2, immutable parsed answers
 * ({@link org.olfsfastpath.bes.BesNode}, {@link org.olfsfastpath.bes.BesError}) and a bounded pool
 * of warm PPT connections.
 *
 * <p>The entry point is {@link org.olfsfastpath.bes.BesClient}: build one per web application and
 * share it. It depends only on the {@code ppt} layer.
 */
package org.olfsfastpath.bes;
