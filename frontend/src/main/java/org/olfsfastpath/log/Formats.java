package org.olfsfastpath.log;

import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.pattern.DynamicConverter;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The three line formats of upstream's shipped {@code logback.xml}, as Logback patterns, and the
 * conversion words they need beyond Logback's own. Time stamps, padding ({@code %8X}, {@code %-5p})
 * and the time since the context started ({@code %r}) come from Logback, as upstream's do; the time
 * zone is the JVM's, as upstream's.
 *
 * <p>Two of upstream's conversions cannot be used as they are: its {@code %json_msg} is a class of
 * its own (replaced here by {@code %json_msg} with the same escaping), and its {@code %c.%M} reads
 * the caller's method from a stack walk, which a line written off the request's thread cannot make
 * ({@code %logger_id} writes the logger, and {@code .method} where the event names it). Values from
 * the MDC are written through {@code %jx{key}}, which escapes them for JSON (only a user id could
 * need it: every other field is scrubbed). Stateless.
 */
public final class Formats {
  /** {@code HyraxAccess.log}: one line a request. */
  public static final String ACCESS =
      "[%X{host}] [%X{UserAgent}] [%X{ident}] [%X{userid}] [%d{yyyy-MM-dd'T'HH:mm:ss.SSS Z}]"
          + " [%8X{duration}] [%X{http_status}] [%8X{ID}] [%X{SOURCE}] [%X{resourceID}]"
          + " [%X{query}] [%X{size}]%n";

  /**
   * {@code HyraxErrors.log}: error events (no space between {@code [%r]} and the id, as upstream).
   */
  public static final String ERRORS =
      "%d{yyyy-MM-dd'T'HH:mm:ss.SSS Z} [%X{host}] [%X{UserAgent}] [thread:%t] [%r][%X{ID}]"
          + " [%X{SOURCE}] [%X{resourceID}] [%X{query}] [%X{size}] [%X{duration}] %-5p - %c -"
          + " %m%n";

  /** {@code olfs-log.json}: the same events, one JSON object a line, keys in upstream's order. */
  public static final String JSON =
      "{ \"date\": \"%d{yyyy-MM-dd'T'HH:mm:ss.SSS Z}\", \"thread\": \"%t\","
          + " \"request_id\": \"%jx{ID}\", \"user_ip\": \"%jx{host}\","
          + " \"user_agent\": \"%jx{UserAgent}\", \"user_id\": \"%jx{userid}\","
          + " \"http_verb\": \"%jx{SOURCE}\", \"resource_id\": \"%jx{resourceID}\","
          + " \"query_string\": \"%jx{query}\", \"rel_time\": \"%r\","
          + " \"response_size\": \"%jx{size}\", \"duration\": \"%jx{duration}\","
          + " \"log_level\": \"%-5p\", \"logger_id\": \"%logger_id\", \"message\": %json_msg }%n";

  private Formats() {}

  /**
   * Makes the conversion words {@code json_msg}, {@code jx} and {@code logger_id} known to every
   * pattern of {@code context}, an operator's configuration file's included. A file written for
   * upstream declares {@code json_msg} with upstream's class, which is not here: a word declared by
   * such a file falls back to ours whenever its class gives no converter.
   */
  static void register(Context context) {
    Object existing = context.getObject(CoreConstants.PATTERN_RULE_REGISTRY_FOR_SUPPLIERS);
    Registry registry = new Registry();
    if (existing instanceof Map<?, ?> map) {
      map.forEach((word, supplier) -> registry.putOther(word, supplier));
    }
    context.putObject(CoreConstants.PATTERN_RULE_REGISTRY_FOR_SUPPLIERS, registry);
  }

  /**
   * The context's rule registry (a map of conversion words to converter suppliers, Logback's own
   * shape), holding ours; a later rule for one of our words keeps ours behind it.
   */
  @SuppressWarnings({"rawtypes", "serial"})
  private static final class Registry extends HashMap<String, Supplier<DynamicConverter>> {
    private static final Map<String, Supplier<DynamicConverter>> OURS =
        Map.of("json_msg", JsonMessage::new, "jx", JsonMdc::new, "logger_id", LoggerId::new);

    Registry() {
      super(OURS);
    }

    @SuppressWarnings("unchecked")
    void putOther(Object word, Object supplier) {
      if (word instanceof String name && supplier instanceof Supplier<?> s) {
        put(name, (Supplier<DynamicConverter>) s);
      }
    }

    @Override
    public Supplier<DynamicConverter> put(String word, Supplier<DynamicConverter> supplier) {
      Supplier<DynamicConverter> ours = OURS.get(word);
      if (ours == null || supplier == ours) {
        return super.put(word, supplier);
      }
      return super.put(
          word,
          () -> {
            DynamicConverter converter = supplier.get();
            return converter != null ? converter : ours.get();
          });
    }
  }

  /** {@code %json_msg}: the formatted message as a quoted JSON string, Gson's way. */
  static final class JsonMessage extends ClassicConverter {
    @Override
    public String convert(ILoggingEvent event) {
      return GsonEscaping.quoted(event.getFormattedMessage());
    }
  }

  /** {@code %jx{key}}: one MDC value escaped for a JSON string, or nothing when unset. */
  static final class JsonMdc extends ClassicConverter {
    private String key = "";

    @Override
    public void start() {
      String option = getFirstOption();
      key = option == null ? "" : option;
      super.start();
    }

    @Override
    public String convert(ILoggingEvent event) {
      Map<String, String> mdc = event.getMDCPropertyMap();
      String value = mdc == null ? null : mdc.get(key);
      return value == null ? "" : GsonEscaping.escaped(value);
    }
  }

  /**
   * {@code %logger_id}: the logger, then {@code .} and the method when the event carries it as
   * caller data set by whoever built it; never a stack walk.
   */
  static final class LoggerId extends ClassicConverter {
    @Override
    public String convert(ILoggingEvent event) {
      if (event.hasCallerData()) {
        StackTraceElement[] caller = event.getCallerData();
        if (caller != null && caller.length > 0) {
          return event.getLoggerName() + "." + caller[0].getMethodName();
        }
      }
      return event.getLoggerName();
    }
  }
}
