package org.olfsfastpath.loadgen;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Constant-rate load for scripts/dars, one step after another, from a plan file named by the
 * system property {@code dars.plan}: one line per step, {@code NAME<TAB>URL<TAB>RATE<TAB>SECONDS}
 * (requests per second, a decimal; seconds, a decimal).
 *
 * <p>The workload is open: Gatling starts a virtual user, which sends one GET, at fixed intervals
 * whatever the server does, and the users share a pool of kept-alive connections that grows when
 * every connection is busy. A slow answer therefore delays no later request: each is sent when it
 * is due, and the time the server keeps it waiting counts in its own response time, which a
 * closed-loop client such as wrk leaves out while the server is slow (coordinated omission). What
 * this cannot count is the generator's own lateness when it is starved of CPU itself. Any status
 * but 200 is an error.
 *
 * <p>Before each step a user prints {@code dars-step<TAB>NAME<TAB>EPOCH_MILLIS} on standard
 * output, so that the sampled CPU and memory can be cut at the steps' starts.
 */
public final class ConstantRate extends Simulation {

  public ConstantRate() {
    List<Step> steps = readPlan(Path.of(required("dars.plan")));
    if (steps.isEmpty()) {
      throw new IllegalArgumentException("the plan " + System.getProperty("dars.plan") + " has no step");
    }
    List<PopulationBuilder> populations = new ArrayList<>();
    for (Step step : steps) {
      populations.add(scenario("start " + step.name())
          .exec(session -> {
            System.out.println("dars-step\t" + step.name() + "\t" + System.currentTimeMillis());
            return session;
          })
          .injectOpen(atOnceUsers(1)));
      populations.add(scenario(step.name())
          .exec(http(step.name()).get(step.url()).check(status().is(200)))
          .injectOpen(constantUsersPerSec(step.rate())
              .during(Duration.ofMillis(Math.round(step.seconds() * 1000)))));
    }
    PopulationBuilder chained = populations.get(populations.size() - 1);
    for (int i = populations.size() - 2; i >= 0; i--) {
      chained = populations.get(i).andThen(chained);
    }
    HttpProtocolBuilder protocol = http
        .shareConnections()      // one pool for all users: kept-alive, grown on demand
        .disableCaching()        // every request reaches the server
        .disableWarmUp()         // no request anywhere else before the run
        .disableUrlEncoding()    // the plan's URLs are encoded already
        .disableFollowRedirect();
    setUp(chained).protocols(protocol);
  }

  private static String required(String property) {
    String value = System.getProperty(property);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("set -D" + property + "=FILE (a plan: NAME<TAB>URL<TAB>RATE<TAB>SECONDS per line)");
    }
    return value;
  }

  /** One step of the plan: NAME, URL, requests per second, seconds. */
  record Step(String name, String url, double rate, double seconds) {}

  static List<Step> readPlan(Path plan) {
    List<String> lines;
    try {
      lines = Files.readAllLines(plan, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the plan " + plan, e);
    }
    List<Step> steps = new ArrayList<>();
    for (int n = 0; n < lines.size(); n++) {
      String line = lines.get(n);
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] fields = line.split("\t");
      if (fields.length != 4) {
        throw new IllegalArgumentException(plan + ":" + (n + 1) + ": expected NAME<TAB>URL<TAB>RATE<TAB>SECONDS but was \"" + line + "\"");
      }
      double rate = Double.parseDouble(fields[2]);
      double seconds = Double.parseDouble(fields[3]);
      if (!(rate > 0) || !(seconds > 0)) {
        throw new IllegalArgumentException(plan + ":" + (n + 1) + ": rate and seconds must be positive, were " + fields[2] + " and " + fields[3]);
      }
      steps.add(new Step(fields[0], fields[1], rate, seconds));
    }
    return steps;
  }
}
