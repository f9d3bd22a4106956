/**
 * A model of the OLFS of January 2009, to reproduce the small-request study of that time from its
 * mechanism: {@link org.olfsfastpath.model2009.Olfs2009Model} serves HTTP and holds, for each
 * request, the BES conversation that OLFS held (four {@code showInfo}, then the {@code get}),
 * written to the BES as that OLFS wrote it: chunk header and document in separate writes, no
 * TCP_NODELAY, no QUICKACK. This package is a tool and is left out of the web application.
 */
@NullMarked
package org.olfsfastpath.model2009;

import org.jspecify.annotations.NullMarked;
