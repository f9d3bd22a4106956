/** What the benchmarks of this module share: {@link org.olfsfastpath.jmh.StandardRun}. */
package org.olfsfastpath.jmh;
