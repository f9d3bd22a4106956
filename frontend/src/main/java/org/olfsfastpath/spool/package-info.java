/**
 * The spool: where the rest of an answer waits when its client reads slower than the BES writes, so
 * that the BES connection goes back to the pool at the BES's end of message rather than when the
 * client has read it all. {@link org.olfsfastpath.spool.Spool} is the entry point (one per web
 * application, built by {@link org.olfsfastpath.spool.SpoolBuilder} from olfs.xml's {@code
 * FastPath/Spool}); a long answer is copied by the request's thread straight from the BES while its
 * client takes each write at once ({@link org.olfsfastpath.spool.DirectCopy}), and the first time
 * it would not, the thread hands the rest to a {@link org.olfsfastpath.spool.Transfer}. A
 * transfer's producer reads the BES on a thread of the spool's and its writer feeds a non-blocking
 * {@link org.olfsfastpath.spool.ClientOutput} (the web layer's servlet output) whenever it can take
 * more; memory (bounded per response and in all) and then a file per response (bounded in all) hold
 * what the client has not taken; with no room left a response streams straight, at its client's
 * pace, as without a spool. The figures are one value, {@link org.olfsfastpath.spool.SpoolStats}.
 * Depends on nothing of ours but the settings grammar and the JSON writer: no servlet, no BES type.
 */
@NullMarked
package org.olfsfastpath.spool;

import org.jspecify.annotations.NullMarked;
