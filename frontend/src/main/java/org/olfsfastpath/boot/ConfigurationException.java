package org.olfsfastpath.boot;

/**
 * The configuration is unusable. The message names the file, the setting (as an olfs.xml path such
 * as {@code BESManager/BES/port}) and the value, so an operator can fix it from the log alone. The
 * web application refuses to start with it.
 */
public final class ConfigurationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ConfigurationException(String message) {
    super(message);
  }

  public ConfigurationException(String message, Throwable cause) {
    super(message, cause);
  }
}
