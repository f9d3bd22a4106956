package org.olfsfastpath.boot;

import java.util.Locale;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import org.jspecify.annotations.Nullable;

/**
 * Whether the JVM passes the lowest thread priority of the spool's producers (the threads that copy
 * downloads whose clients fell behind into the spool) on to the operating system, read once at
 * start from HotSpot's diagnostic bean: on Linux only with {@code -XX:ThreadPriorityPolicy=1}, the
 * lowest Java priority then being nice {@code JavaPriority1_To_OSPriority} (4 unless set). Without
 * it, on a machine kept busy by downloads a small request waits for a processor behind those
 * copies; the line logged says so and names the fix. Another JVM or operating system is not judged.
 */
final class ThreadPriorityCheck {
  /** The options scripts/serve and the tests pass, as docs/configuration.md gives them. */
  static final String OPTIONS = "-XX:ThreadPriorityPolicy=1 -XX:JavaPriority1_To_OSPriority=10";

  private static final String BEAN = "com.sun.management:type=HotSpotDiagnostic";

  private ThreadPriorityCheck() {}

  /**
   * The line to log, or null when there is nothing to say (not Linux, or the options unreadable).
   *
   * @param osName the {@code os.name} property
   * @param policy {@code ThreadPriorityPolicy}'s value, null when unreadable
   * @param lowest {@code JavaPriority1_To_OSPriority}'s value, null when unreadable
   */
  static @Nullable String line(String osName, @Nullable String policy, @Nullable String lowest) {
    if (!osName.toLowerCase(Locale.ROOT).contains("linux") || policy == null) {
      return null;
    }
    if (!policy.equals("1")) {
      return "olfs-fastpath: the spool's producers run at the same OS priority as short requests"
          + " (ThreadPriorityPolicy="
          + policy
          + "): on a machine kept busy by a burst of downloads a small request waits for a"
          + " processor behind them. Add "
          + OPTIONS
          + " to the JVM's options (CATALINA_OPTS; docs/configuration.md, \"Downloads below short"
          + " requests\")";
    }
    String nice = lowest == null || lowest.equals("-1") ? "4" : lowest;
    return "olfs-fastpath: the spool's producers run at nice "
        + nice
        + ", below short requests (ThreadPriorityPolicy=1)";
  }

  /** A HotSpot option's value from the platform's bean; null when there is none to read. */
  static @Nullable String option(MBeanServer server, String name) {
    try {
      Object value =
          server.invoke(
              new ObjectName(BEAN),
              "getVMOption",
              new Object[] {name},
              new String[] {String.class.getName()});
      return value instanceof CompositeData data && data.get("value") instanceof String text
          ? text
          : null;
    } catch (JMException | RuntimeException unreadable) {
      // Another JVM, or an option it does not have: not this check's to judge.
      return null;
    }
  }
}
