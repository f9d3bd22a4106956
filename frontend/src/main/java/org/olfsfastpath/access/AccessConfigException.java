package org.olfsfastpath.access;

/**
 * The login configuration cannot be used: a missing or placeholder value, a weak session key, a
 * regular expression that does not compile. The message names the file and the element, never a
 * secret's value. Thrown at start, so that a misconfigured front end does not serve restricted data
 * as open.
 */
public final class AccessConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public AccessConfigException(String message) {
    super(message);
  }

  public AccessConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
