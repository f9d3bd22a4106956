/**
 * Settings as text, one grammar for every layer: each layer's builder has a {@link
 * org.olfsfastpath.spec.SpecParser} whose keys are the builder's method names (as Caffeine's
 * {@code CaffeineSpec} has for {@code Caffeine}), and the front end turns each olfs.xml element
 * into such a spec. {@link org.olfsfastpath.spec.Specs} holds the value grammar (durations, sizes,
 * booleans) and {@link org.olfsfastpath.spec.Specs#checkDuration}, the one range check of a
 * duration. {@link org.olfsfastpath.spec.Checks} holds the one way every builder checks its
 * arguments and state, and its one set-once style. A value a layer refuses throws {@link
 * org.olfsfastpath.spec.SpecException}, naming the key and the raw value. Depends on nothing of
 * the project's; every layer may use it.
 */
@NullMarked
package org.olfsfastpath.spec;

import org.jspecify.annotations.NullMarked;
