package org.olfsfastpath.edl;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the Earthdata Login stand-in for scripts ({@code scripts/serve --login-demo}): {@code
 * [--port N] --user NAME:PASSWORD... --app ID:PASSWORD:REDIRECT_PREFIX...}. Prints, each on its own
 * line, {@code edl: url URL}, {@code edl: jwks URL}, {@code edl: app ID AUTHCODE} and {@code edl:
 * token NAME TOKEN} (a valid user token for each user), then serves until killed.
 */
public final class EdlStandInMain {
  private EdlStandInMain() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    int port = 0;
    Map<String, String> users = new LinkedHashMap<>();
    List<EdlStandIn.App> apps = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String value = i + 1 < args.length ? args[i + 1] : "";
      switch (args[i]) {
        case "--port" -> port = Integer.parseInt(value);
        case "--user" -> {
          String[] p = value.split(":", 2);
          users.put(p[0], p.length > 1 ? p[1] : "");
        }
        case "--app" -> {
          String[] p = value.split(":", 3);
          if (p.length < 3) {
            throw new IllegalArgumentException("--app ID:PASSWORD:REDIRECT_PREFIX");
          }
          apps.add(new EdlStandIn.App(p[0], p[1], p[2]));
        }
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
      i++;
    }
    EdlStandIn edl = EdlStandIn.start(port, users, apps.toArray(new EdlStandIn.App[0]));
    System.out.println("edl: url " + edl.url());
    System.out.println("edl: jwks " + edl.jwksUrl());
    for (EdlStandIn.App app : apps) {
      System.out.println("edl: app " + app.clientId() + " " + app.authCode());
    }
    for (String user : users.keySet()) {
      System.out.println("edl: token " + user + " " + edl.userToken(user));
    }
    System.out.flush();
    Runtime.getRuntime().addShutdownHook(new Thread(edl::close));
    new CountDownLatch(1).await();
  }
}
