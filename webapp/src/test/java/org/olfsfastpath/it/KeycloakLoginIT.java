package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.olfsfastpath.it.LoginSupport.OPEN;
import static org.olfsfastpath.it.LoginSupport.RESTRICTED;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.keycloak.KeycloakExtension;
import org.olfsfastpath.tomcat.FrontEndExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

/**
 * The same restricted collection with a real OpenID Connect server (Keycloak, started by the test):
 * a bearer token from Keycloak reads the restricted values with curl and with pydap and xarray; a
 * browser logs in through Keycloak's own login page and reads them; a user outside the group gets
 * 403; anonymous is sent to Keycloak.
 */
final class KeycloakLoginIT {
  static final String ASCII = RESTRICTED + ".ascii?SST%5B0%5D%5B10:11%5D%5B20:21%5D";

  @RegisterExtension
  @Order(1)
  static final KeycloakExtension KEYCLOAK = new KeycloakExtension("KeycloakLoginIT");

  @RegisterExtension
  @Order(2)
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("KeycloakLoginIT")
          .emulator(b -> b.dataDirectory(LoginSupport.data(work().resolve("data"))))
          .olfsXml(
              bes ->
                  FrontEndExtension.olfsXml(
                      FrontEndExtension.tcp(bes),
                      LoginSupport.access(
                          work().resolve("conf"),
                          LoginSupport.userAccess(
                              "<IdProvider class=\"org.olfsfastpath.access.OidcIdP\">"
                                  + "<authContext>keycloak</authContext><isDefault/><Issuer>"
                                  + KEYCLOAK.server().issuer()
                                  + "</Issuer><ClientId>olfs-fastpath</ClientId>"
                                  + "<ClientSecret>olfs-test-secret</ClientSecret></IdProvider>\n"),
                          "")));

  private static Path work() {
    return Path.of(System.getProperty("it.work.dir", "target/it"), "KeycloakLoginIT");
  }

  private static URI url(String path) {
    return FRONT_END.opendap().resolve(path);
  }

  private static byte[] open() throws Exception {
    return ItSupport.get(url(ASCII.replace("restricted/", ""))).body();
  }

  @Test
  void bearerTokens_groupReadsTheValues_othersAreForbidden() throws Exception {
    String alice = KEYCLOAK.server().accessToken("alice", "alice-pw");
    HttpResponse<byte[]> r = ItSupport.get(url(ASCII), "Authorization", "Bearer " + alice);
    assertEquals(200, r.statusCode(), ItSupport.text(r));
    assertArrayEquals(open(), r.body());
    assertTrue(r.headers().firstValue("Cache-Control").orElse("").contains("private"));
    String bob = KEYCLOAK.server().accessToken("bob", "bob-pw");
    assertEquals(403, ItSupport.get(url(ASCII), "Authorization", "Bearer " + bob).statusCode());
    HttpResponse<byte[]> anonymous = ItSupport.get(url(ASCII));
    assertEquals(302, anonymous.statusCode());
    assertTrue(
        anonymous.headers().firstValue("Location").orElse("").contains("/opendap/login/keycloak"));
    LoginSupport.Run curl =
        LoginSupport.run(
            work(),
            Duration.ofSeconds(60),
            List.of(
                "/usr/bin/curl",
                "-sS",
                "-H",
                "Authorization: Bearer " + alice,
                url(ASCII).toString()));
    assertEquals(new String(open(), java.nio.charset.StandardCharsets.ISO_8859_1), curl.output());
  }

  @Test
  void browser_logsInThroughKeycloak_andReadsTheData() throws Exception {
    Path downloads = Files.createDirectories(work().resolve("downloads"));
    WebDriver driver = Chromium.start(false, downloads);
    try {
      driver.get(url(ASCII).toString());
      Chromium.await(driver, d -> !d.findElements(By.id("kc-login")).isEmpty());
      driver.findElement(By.id("username")).sendKeys("alice");
      driver.findElement(By.id("password")).sendKeys("alice-pw");
      driver.findElement(By.id("kc-login")).click();
      Chromium.await(driver, d -> d.getCurrentUrl().contains("/opendap/" + RESTRICTED));
      String shown = driver.findElement(By.tagName("body")).getText().strip();
      assertEquals(new String(open(), java.nio.charset.StandardCharsets.ISO_8859_1).strip(), shown);
      assertTrue(driver.manage().getCookieNamed("olfs_session") != null, "session cookie set");
      driver.get(url("login").toString());
      assertTrue(driver.getPageSource().contains("alice"));
    } finally {
      driver.quit();
    }
  }

  @Test
  void pydapAndXarray_withABearerToken() throws Exception {
    Path python = PythonClients.venvWithPydap();
    String token = KEYCLOAK.server().accessToken("alice", "alice-pw");
    String script =
        String.join(
            "\n",
            "import sys",
            "from pydap.net import create_session",
            "from pydap.client import open_url",
            "import xarray as xr",
            "s = create_session(session_kwargs={'token': sys.argv[2]}) if sys.argv[2] else create_session()",
            "d = open_url(sys.argv[1], session=s, protocol='dap2')",
            "print('pydap', d['SST']['SST'][0, 10:12, 20:22].data.tolist())",
            "x = xr.open_dataset(sys.argv[1], engine='pydap', session=s, decode_times=False)",
            "print('xarray', x['SST'][0, 10:12, 20:22].values.tolist())");
    Path file = work().resolve("read.py");
    Files.writeString(file, script);
    List<String> restricted = new ArrayList<>(List.of(python.toString(), file.toString()));
    restricted.add(url(RESTRICTED).toString());
    restricted.add(token);
    LoginSupport.Run r = LoginSupport.run(work(), Duration.ofSeconds(300), restricted);
    LoginSupport.Run o =
        LoginSupport.run(
            work(),
            Duration.ofSeconds(300),
            List.of(python.toString(), file.toString(), url(OPEN).toString(), ""));
    assumeTrue(o.exitCode() == 0, "pydap cannot read the open dataset here: " + o.output());
    assertEquals(0, r.exitCode(), r.output());
    assertTrue(r.output().contains("pydap [["), r.output());
    assertEquals(o.output(), r.output());
  }
}
