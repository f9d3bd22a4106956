/**
 * The PPT wire protocol that an unmodified Hyrax BES speaks: handshake, chunk framing, extensions,
 * and the TCP and Unix-domain transports.
 *
 * <p>The entry point is {@link org.olfsfastpath.ppt.PptConnection#open}: it connects, negotiates,
 * and then sends one request document per {@link org.olfsfastpath.ppt.PptConnection#send} call,
 * always in a single write, answering a {@link org.olfsfastpath.ppt.PptResponse} whose error status
 * is known before any payload byte is read. {@link org.olfsfastpath.ppt.PptFraming} holds the
 * encoding rules shared with the BES emulator and the trace proxy, and {@link
 * org.olfsfastpath.ppt.PptChunkDecoder} decodes chunks pushed to it by code that sees bytes pass
 * (the proxy, the emulator); {@link org.olfsfastpath.ppt.BlockInputStream} is the base of the
 * streams, here and above, that read only in blocks. Nothing here knows about XML, servlets or
 * caches; every failure is an {@link java.io.IOException} subtype.
 */
@NullMarked
package org.olfsfastpath.ppt;

import org.jspecify.annotations.NullMarked;
