package org.olfsfastpath.cache;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.bes.BesNode;
import org.olfsfastpath.bes.Caller;

/**
 * A loader standing in for the BES: answers what a test scripted per path, "not found" (type 5) for
 * anything else, and counts every call.
 */
final class ScriptedLoader implements NodeLoader {
  static final Instant MODIFIED = Instant.parse("2026-11-22T01:52:59Z");

  private final Map<String, Object> answers = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
  private final AtomicInteger totalCalls = new AtomicInteger();

  static BesNode leaf(String path, long size) {
    return new BesNode(path, true, MODIFIED, size, true, List.of());
  }

  static BesNode leaf(String path, Instant modified, long size) {
    return new BesNode(path, true, modified, size, true, List.of());
  }

  static BesError notFoundError(String path) {
    return new BesError(
        BesError.NOT_FOUND,
        "Failed to locate '/usr/share/hyrax" + path + "'",
        0,
        "support@opendap.org");
  }

  ScriptedLoader answer(String path, BesNode node) {
    answers.put(path, node);
    return this;
  }

  /** Scripts a failure: an IOException (transport, BES error) or a RuntimeException (a bug). */
  ScriptedLoader fail(String path, Exception failure) {
    answers.put(path, failure);
    return this;
  }

  ScriptedLoader forget(String path) {
    answers.remove(path);
    return this;
  }

  int calls(String path) {
    AtomicInteger count = calls.get(path);
    return count == null ? 0 : count.get();
  }

  int totalCalls() {
    return totalCalls.get();
  }

  @Override
  public BesNode load(String path, Caller caller) throws IOException {
    calls.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
    totalCalls.incrementAndGet();
    Object answer = answers.get(path);
    if (answer instanceof BesNode node) {
      return node;
    }
    if (answer instanceof IOException e) {
      throw e;
    }
    if (answer instanceof RuntimeException e) {
      throw e;
    }
    throw new BesErrorException(notFoundError(path));
  }
}
