package org.olfsfastpath.javax;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.edl.EdlStandIn;
import org.olfsfastpath.it.ItSupport;
import org.olfsfastpath.it.LoginSupport;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * Login in the javax WAR in Tomcat 9, where Hyrax runs its OLFS: the same restricted collection
 * with the Earthdata Login stand-in, a bearer token and the redirect login read it, anonymous is
 * sent to log in (the libraries' classes, rewritten for javax.servlet with the rest, are used the
 * same way).
 */
final class Tomcat9LoginIT {
  static final EdlStandIn.App APP = new EdlStandIn.App("olfs-app", "app-pw", "http://127.0.0.1");
  static final EdlStandIn EDL = start();
  static final String ASCII = LoginSupport.RESTRICTED + ".ascii?SST%5B0%5D%5B10:11%5D%5B20:21%5D";

  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("Tomcat9LoginIT")
          .tomcatHome("tomcat9.home")
          .emulator(b -> b.dataDirectory(LoginSupport.data(work().resolve("data"))))
          .olfsXml(
              bes ->
                  FrontEndExtension.olfsXml(
                      FrontEndExtension.tcp(bes),
                      LoginSupport.access(
                          work().resolve("conf"),
                          LoginSupport.userAccess(
                              "<IdProvider class=\"opendap.auth.UrsIdP\"><isDefault/><UrsUrl>"
                                  + EDL.url()
                                  + "</UrsUrl><UrsClientId>olfs-app</UrsClientId>"
                                  + "<UrsClientAuthCode>"
                                  + APP.authCode()
                                  + "</UrsClientAuthCode><UrsJwksUrl>"
                                  + EDL.jwksUrl()
                                  + "</UrsJwksUrl></IdProvider>\n"),
                          "")));

  private static EdlStandIn start() {
    try {
      return EdlStandIn.start(0, Map.of("alice", "alice-pw"), APP);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path work() {
    return Path.of(System.getProperty("it.work.dir", "target/it"), "Tomcat9LoginIT");
  }

  @AfterAll
  static void stopEdl() {
    EDL.close();
  }

  private static URI url(String path) {
    return FRONT_END.opendap().resolve(path);
  }

  @Test
  void bearerAndRedirectLogin_readTheRestrictedValues_anonymousIsSentToLogIn() throws Exception {
    byte[] open = ItSupport.get(url(ASCII.replace("restricted/", ""))).body();
    HttpResponse<byte[]> bearer =
        ItSupport.get(url(ASCII), "Authorization", "Bearer " + EDL.userToken("alice"));
    assertEquals(200, bearer.statusCode(), ItSupport.text(bearer));
    assertArrayEquals(open, bearer.body());
    assertTrue(bearer.headers().firstValue("Cache-Control").orElse("").contains("private"));

    HttpResponse<byte[]> anonymous = ItSupport.get(url(ASCII));
    assertEquals(302, anonymous.statusCode());
    URI login = url("login/urs").resolve(anonymous.headers().firstValue("Location").orElseThrow());
    HttpResponse<byte[]> start = ItSupport.get(login);
    assertEquals(302, start.statusCode());
    String loginCookie = start.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
    HttpResponse<byte[]> atEdl =
        ItSupport.get(
            URI.create(start.headers().firstValue("Location").orElseThrow()),
            "Authorization",
            "Basic "
                + Base64.getEncoder()
                    .encodeToString("alice:alice-pw".getBytes(StandardCharsets.UTF_8)));
    HttpResponse<byte[]> callback =
        ItSupport.get(
            URI.create(atEdl.headers().firstValue("Location").orElseThrow()),
            "Cookie",
            loginCookie);
    assertEquals(302, callback.statusCode(), ItSupport.text(callback));
    String session =
        callback.headers().allValues("Set-Cookie").stream()
            .filter(c -> c.startsWith("olfs_session="))
            .findFirst()
            .orElseThrow()
            .split(";")[0];
    URI back = url("x").resolve(callback.headers().firstValue("Location").orElseThrow());
    HttpResponse<byte[]> data = ItSupport.get(back, "Cookie", session);
    assertEquals(200, data.statusCode());
    assertArrayEquals(open, data.body());
  }
}
