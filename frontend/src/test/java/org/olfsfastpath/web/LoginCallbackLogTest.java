package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.olfsfastpath.testing.Regression;

/** A login callback's access line never holds the authorization code it carried. */
final class LoginCallbackLogTest {
  @Test
  @Regression("a login callback's access line held its OAuth2 authorization code")
  void theCode_isReplaced_theRestKept() {
    assertEquals("code=REDACTED&state=s1", LoginServlet.withoutCode("code=abc.def-123&state=s1"));
    assertEquals("state=s1&code=REDACTED", LoginServlet.withoutCode("state=s1&code=abc"));
    assertEquals("&code=REDACTED", LoginServlet.withoutCode("&code=abc"));
  }

  @Test
  void aQueryWithoutCode_isUnchanged() {
    assertEquals(
        "error=access_denied&state=s1", LoginServlet.withoutCode("error=access_denied&state=s1"));
    assertEquals("mycode=1", LoginServlet.withoutCode("mycode=1"));
  }
}
