package org.olfsfastpath.edl;

import java.util.Map;

/** The stand-in's login page: a form that posts the authorize parameters back with a password. */
final class LoginPage {
  private LoginPage() {}

  static String html(Map<String, String> params, boolean failed) {
    StringBuilder hidden = new StringBuilder();
    for (String name : new String[] {"client_id", "redirect_uri", "response_type", "state"}) {
      String v = params.get(name);
      if (v != null) {
        hidden
            .append("<input type=\"hidden\" name=\"")
            .append(name)
            .append("\" value=\"")
            .append(escape(v))
            .append("\">\n");
      }
    }
    return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"UTF-8\">"
        + "<title>Earthdata Login (stand-in)</title></head><body>\n"
        + "<h1>Earthdata Login</h1>\n"
        + (failed ? "<p id=\"error\">Invalid user name or password.</p>\n" : "")
        + "<form id=\"login\" method=\"post\" action=\"/oauth/authorize\">\n"
        + hidden
        + "<label>Username <input id=\"username\" name=\"username\"></label>\n"
        + "<label>Password <input id=\"password\" name=\"password\" type=\"password\"></label>\n"
        + "<button id=\"log-in\" type=\"submit\">Log in</button>\n"
        + "</form></body></html>\n";
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
