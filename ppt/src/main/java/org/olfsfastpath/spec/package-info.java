/**
 * Settings, one grammar and one set-once style for every layer: each setting of a builder is a
 * {@link org.olfsfastpath.spec.Setting} (its name, default, text form and check in one declaration;
 * set once), and a builder's {@link org.olfsfastpath.spec.Settings} applies a text spec whose keys
 * are the setters' names (as Caffeine's {@code CaffeineSpec} does for {@code Caffeine}, through a
 * {@link org.olfsfastpath.spec.SpecParser}); the front end turns each olfs.xml element into such a
 * spec. {@link org.olfsfastpath.spec.Specs} holds the value grammar (durations, sizes, booleans)
 * and {@link org.olfsfastpath.spec.Specs#checkDuration}, the one range check of a duration. {@link
 * org.olfsfastpath.spec.Checks} holds the one way every builder checks its arguments and state, and
 * {@link org.olfsfastpath.spec.SpecConflictException} names the keys of settings refused together.
 * A value a layer refuses throws {@link org.olfsfastpath.spec.SpecException}, naming the key and
 * the raw value. Depends on nothing of the project's; every layer may use it.
 */
@NullMarked
package org.olfsfastpath.spec;

import org.jspecify.annotations.NullMarked;
