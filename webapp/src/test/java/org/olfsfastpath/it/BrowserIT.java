package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.olfsfastpath.it.Chromium.await;
import static org.olfsfastpath.it.Chromium.preText;
import static org.olfsfastpath.it.Chromium.select;
import static org.olfsfastpath.it.Chromium.type;
import static org.olfsfastpath.it.Chromium.typeText;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.Namespace;
import org.jdom2.input.SAXBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.emulator.dap.Datasets;
import org.olfsfastpath.tomcat.FrontEndExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * The pages in a real headless Chromium (Debian's chromium and chromedriver, driven by Selenium):
 * from the catalog listing through a link to each request form, a selection made in the form, a
 * download button pressed, and the answer compared byte for byte with the same data URL fetched
 * directly; the same with scripts off, through the form's 303; a range chosen by coordinate value
 * (COADSX 100 to 200 degrees_east) giving the bytes of the index range it maps to, with and without
 * scripts; the size a form shows equal to the bytes of the answer; a large download asked about
 * first, with and without scripts (the limit lowered to 5 MB here, so that coads_climatology.nc's 7
 * MB text answers are large), and at the default 100 MB, on a second front end as shipped, for the
 * emulator's {@code /big/} datasets just over and just under it; a dataset whose names are markup,
 * shown as text with no script run on the listing, both forms and the THREDDS catalog. Saves
 * screenshots of the listing and both forms under {@code target/screenshots} ({@code
 * scripts/screenshots} copies them into docs/images).
 *
 * <p>Nothing is downloaded while it runs: the driver and browser are given by path, so Selenium
 * Manager never runs (checked from Selenium's own log), and Chromium's background networking is
 * off.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith(BrowserIT.NeedsChromium.class)
final class BrowserIT {
  private static final String COADS = "coads_climatology.nc";

  /** Skips the class, before Tomcat starts, when the browser or its driver is missing. */
  static final class NeedsChromium implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      Path missing = Chromium.missing();
      return missing == null
          ? ConditionEvaluationResult.enabled("chromium and chromedriver are installed")
          : ConditionEvaluationResult.disabled(Chromium.missingReason(missing));
    }
  }

  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("BrowserIT")
          .emulator(b -> b.dataDirectory(hostileData()).genericDataset(Datasets::find))
          .olfsXml(
              bes ->
                  FrontEndExtension.olfsXml(
                      FrontEndExtension.tcp(bes), "<RequestForm largeDownload=\"5MB\"/>"));

  /** A front end as shipped (largeDownload 100 MB), before the emulator's default catalog. */
  @RegisterExtension
  static final FrontEndExtension AS_SHIPPED = FrontEndExtension.named("BrowserIT-as-shipped");

  /** Selenium's log records, to show that Selenium Manager was never asked. */
  private final List<LogRecord> seleniumLog = new CopyOnWriteArrayList<>();

  private final Handler seleniumHandler =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          seleniumLog.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };
  private final Logger seleniumLogger = Logger.getLogger("org.openqa.selenium");

  /**
   * Quiet about a DevTools binding for this Chromium's version: the tests use no DevTools feature,
   * and Selenium ships bindings only for the releases around its own.
   */
  private final Logger cdpLogger =
      Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder");

  private URI opendap;
  private Path downloads;
  private Path screenshots;
  private WebDriver browser;
  private WebDriver noScript;

  /** A data directory holding one file named like the hostile dataset, in {@code hostile/}. */
  private static Path hostileData() {
    try {
      Path data = FrontEndExtension.workDir("BrowserIT-data");
      Path dir = Files.createDirectories(data.resolve("hostile"));
      Files.write(dir.resolve(Datasets.HOSTILE_FILE_NAME), new byte[2048]);
      return data;
    } catch (IOException e) {
      throw new IllegalStateException("cannot make the data directory", e);
    }
  }

  @BeforeAll
  void start() throws IOException {
    opendap = FRONT_END.opendap();
    downloads = FrontEndExtension.workDir("BrowserIT-downloads");
    screenshots =
        Files.createDirectories(
            FrontEndExtension.required("it.work.dir").getParent().resolve("screenshots"));
    seleniumLogger.setLevel(Level.FINE);
    seleniumLogger.addHandler(seleniumHandler);
    cdpLogger.setLevel(Level.SEVERE);
    browser = Chromium.start(true, downloads);
    noScript = Chromium.start(false, downloads);
  }

  @AfterAll
  void stop() {
    for (WebDriver driver : new WebDriver[] {browser, noScript}) {
      if (driver != null) {
        driver.quit();
      }
    }
    seleniumLogger.removeHandler(seleniumHandler);
    seleniumLogger.setLevel(null);
    cdpLogger.setLevel(null);
  }

  // ---------------------------------------------------------------------------------------------

  @Test
  @Order(1)
  void dap2Form_fromTheListing_asciiIsTheDirectResponse() throws Exception {
    browser.get(opendap.toString());
    screenshot(browser, "listing.png");
    WebElement row = browser.findElement(By.xpath("//tr[td/a[text()='" + COADS + "']]"));
    // Each link says what it opens; the name opens the configured (DAP4) form.
    assertEquals(COADS + ".dmr.html", row.findElement(By.linkText(COADS)).getDomAttribute("href"));
    WebElement dap2Form = row.findElement(By.linkText("DAP2 form"));
    assertEquals(
        "The DAP2 data request form (.html): choose variables and ranges, then" + " download",
        dap2Form.getDomAttribute("title"));
    dap2Form.click();
    await(browser, d -> d.getCurrentUrl().endsWith(COADS + ".html"));
    assertEquals(
        "DAP2 data request form",
        browser.findElement(By.cssSelector("p.meta")).getText().split(" \u00b7 ")[0]);

    // The script shows the copy button and hides "Update data URL", which only a page without
    // scripts needs.
    assertTrue(browser.findElement(By.id("copy-url")).isDisplayed());
    assertFalse(browser.findElement(By.id("button-update")).isDisplayed());
    select(browser, "COADSX", 10, 5, 40);
    assertEquals(
        opendap + COADS + "?COADSX%5B10:5:40%5D",
        browser.findElement(By.id("constraint-url")).getDomProperty("value"));
    browser.findElement(By.id("button-ascii")).click();
    String data = COADS + ".ascii?COADSX%5B10:5:40%5D";
    await(browser, d -> d.getCurrentUrl().endsWith(data));
    assertEquals(direct(data), preText(browser, true));
    assertNoAlert(browser);
  }

  @Test
  @Order(2)
  void dap4Form_fromTheListing_csvDownloadIsTheDirectResponse() throws Exception {
    browser.get(opendap.toString());
    browser.findElement(By.linkText(COADS)).click();
    await(browser, d -> d.getCurrentUrl().endsWith(COADS + ".dmr.html"));
    assertEquals(
        "DAP4 data request form",
        browser.findElement(By.cssSelector("p.meta")).getText().split(" \u00b7 ")[0]);

    select(browser, "COADSX", 10, 5, 40);
    assertEquals(
        opendap + COADS + "?dap4.ce=/COADSX%5B10:5:40%5D",
        browser.findElement(By.id("constraint-url")).getDomProperty("value"));
    screenshot(browser, "dap4-form.png");
    browser.findElement(By.id("button-dap-csv")).click();
    // The CSV comes as an attachment: the browser saves it and stays on the form.
    Path saved = downloads.resolve(COADS + ".csv");
    await(
        browser,
        d ->
            Files.isRegularFile(saved)
                && !Files.exists(downloads.resolve(COADS + ".csv.crdownload")));
    assertEquals(
        direct(COADS + ".dap.csv?dap4.ce=/COADSX%5B10:5:40%5D"),
        Files.readString(saved, StandardCharsets.ISO_8859_1));
    assertTrue(browser.getCurrentUrl().endsWith(COADS + ".dmr.html"), browser.getCurrentUrl());
    assertNoAlert(browser);
  }

  @Test
  @Order(3)
  void invalidRange_isReportedInTheForm_andNothingIsRequested() throws Exception {
    browser.get(opendap + COADS + ".dmr.html");
    select(browser, "COADSX", 10, 5, 400);
    browser.findElement(By.id("button-dap")).click();
    WebElement stop = browser.findElement(By.id("dim-COADSX-0-stop"));
    assertEquals("true", stop.getDomAttribute("aria-invalid"));
    assertEquals(
        "/COADSX, COADSX: stop 400 must be between 10 and 179",
        browser.findElement(By.id("form-status")).getText());
    assertEquals(stop, browser.switchTo().activeElement());
    assertTrue(browser.getCurrentUrl().endsWith(COADS + ".dmr.html"), browser.getCurrentUrl());
  }

  @Test
  @Order(4)
  void withoutJavaScript_labelsRead_andTheFormGoesThroughThe303() throws Exception {
    long redirects = statusCount("redirects");
    noScript.get(opendap.toString());
    noScript
        .findElement(By.xpath("//tr[td/a[text()='" + COADS + "']]"))
        .findElement(By.linkText("DAP2 form"))
        .click();
    await(noScript, d -> d.getCurrentUrl().endsWith(COADS + ".html"));
    // The script did not run: it would have shown the copy button and hidden "Update data URL".
    assertFalse(noScript.findElement(By.id("copy-url")).isDisplayed());
    assertTrue(noScript.findElement(By.id("button-update")).isDisplayed());
    List<String> labels = new ArrayList<>();
    for (WebElement label : noScript.findElements(By.cssSelector("label.name"))) {
      labels.add(label.getText());
    }
    assertEquals(List.of("COADSX", "COADSY", "TIME", "SST", "AIRT", "UWND", "VWND"), labels);
    assertEquals(
        "COADSX, 0 to 179", noScript.findElement(By.cssSelector("#dim-COADSX-0 legend")).getText());

    select(noScript, "COADSX", 10, 5, 40);
    noScript.findElement(By.id("button-ascii")).click();
    String data = COADS + ".ascii?COADSX%5B10:5:40%5D";
    await(noScript, d -> d.getCurrentUrl().endsWith(data));
    assertEquals(direct(data), preText(noScript, false));
    assertEquals(redirects + 1, statusCount("redirects"), "the form was answered with a 303");

    // "Update data URL" without a download button: the page reads the selection back.
    noScript.navigate().back();
    await(noScript, d -> d.getCurrentUrl().endsWith(COADS + ".html"));
    select(noScript, "COADSX", 10, 5, 40);
    noScript.findElement(By.id("button-update")).click();
    await(noScript, d -> d.getCurrentUrl().contains(COADS + ".html?"));
    assertEquals(
        opendap + COADS + "?COADSX%5B10:5:40%5D",
        noScript.findElement(By.id("constraint-url")).getDomProperty("value"));
    assertTrue(noScript.findElement(By.id("var-COADSX")).isSelected());
  }

  @Test
  @Order(5)
  void chosenByCoordinateValue_isTheIndexRangeItMapsTo_withAndWithoutScripts() throws Exception {
    // COADSX runs 21 to 379 by 2: 100 lies halfway between 99 (index 39) and 101 (index 40),
    // 200 between 199 (89) and 201 (90); a tie goes inside the range.
    String data = COADS + ".ascii?COADSX%5B40:1:89%5D";
    browser.get(opendap + COADS + ".html");
    check(browser, "var-COADSX");
    typeText(browser, "dim-COADSX-0-from", "100");
    typeText(browser, "dim-COADSX-0-to", "200");
    assertEquals("40", browser.findElement(By.id("dim-COADSX-0-start")).getDomProperty("value"));
    assertEquals("89", browser.findElement(By.id("dim-COADSX-0-stop")).getDomProperty("value"));
    assertEquals(
        opendap + COADS + "?COADSX%5B40:1:89%5D",
        browser.findElement(By.id("constraint-url")).getDomProperty("value"));
    screenshot(browser, "dap2-form.png");
    browser.findElement(By.id("button-ascii")).click();
    await(browser, d -> d.getCurrentUrl().endsWith(data));
    String answer = preText(browser, true);
    assertEquals(direct(data), answer);
    assertTrue(answer.startsWith("Dataset: " + COADS + "\nCOADSX, 101, 103, "), answer);

    // Without scripts the server translates the values, and answers the same 303.
    noScript.get(opendap + COADS + ".html");
    check(noScript, "var-COADSX");
    typeText(noScript, "dim-COADSX-0-from", "100");
    typeText(noScript, "dim-COADSX-0-to", "200");
    noScript.findElement(By.id("button-ascii")).click();
    await(noScript, d -> d.getCurrentUrl().endsWith(data));
    assertEquals(direct(data), preText(noScript, false));

    // "Update data URL" shows what the values selected.
    noScript.navigate().back();
    await(noScript, d -> d.getCurrentUrl().endsWith(COADS + ".html"));
    check(noScript, "var-COADSX");
    typeText(noScript, "dim-COADSX-0-from", "100");
    noScript.findElement(By.id("button-update")).click();
    await(noScript, d -> d.getCurrentUrl().contains(COADS + ".html?"));
    // The page come back to still holds the "to" value typed before.
    assertEquals(
        "COADSX, COADSX: from 100 selects index 40 (101)\nCOADSX, COADSX: to 200 selects"
            + " index 89 (199)",
        noScript.findElement(By.id("value-notes")).getText());
    assertEquals("101", noScript.findElement(By.id("dim-COADSX-0-from")).getDomProperty("value"));
  }

  @Test
  @Order(6)
  void theSizeShown_isTheBytesOfTheAnswer() throws Exception {
    // As served, without scripts: the whole dataset.
    noScript.get(opendap + COADS + ".html");
    assertEquals(bytes(COADS + ".dods"), shownSize(noScript, "dods"));

    // Live, with scripts: a DAP4 selection partly by value, its .dap answer.
    browser.get(opendap + COADS + ".dmr.html");
    check(browser, "var-SST");
    type(browser, "dim-SST-0-stop", 2);
    typeText(browser, "dim-SST-1-from", "-30");
    typeText(browser, "dim-SST-1-to", "30");
    type(browser, "dim-SST-2-stride", 3);
    check(browser, "var-TIME");
    String query = query(browser);
    // -30 and 30 lie halfway between two COADSY values (-89 by 2): inside, 30 and 59.
    assertEquals("dap4.ce=/TIME;/SST%5B0:1:2%5D%5B30:1:59%5D%5B0:3:179%5D", query);
    assertEquals(bytes(COADS + ".dap?" + query), shownSize(browser, "dap"));
    assertEquals("exact", browser.findElement(By.id("size-dap")).getDomAttribute("data-kind"));

    // And a DAP2 one: COADSX by value, a slice of AIRT, its .dods answer.
    browser.get(opendap + COADS + ".html");
    check(browser, "var-COADSX");
    typeText(browser, "dim-COADSX-0-from", "100");
    typeText(browser, "dim-COADSX-0-to", "200");
    check(browser, "var-AIRT");
    type(browser, "dim-AIRT-1-start", 10);
    type(browser, "dim-AIRT-1-stop", 20);
    query = query(browser);
    assertEquals("COADSX%5B40:1:89%5D,AIRT%5B0:1:11%5D%5B10:1:20%5D%5B0:1:179%5D", query);
    assertEquals(bytes(COADS + ".dods?" + query), shownSize(browser, "dods"));
  }

  @Test
  @Order(7)
  void aLargeDownload_isAskedAboutFirst_withAndWithoutScripts() throws Exception {
    // The whole dataset as ASCII is about 7 MB, over this server's 5 MB.
    browser.get(opendap + COADS + ".html");
    WebElement warning = browser.findElement(By.id("download-warning"));
    assertFalse(warning.isDisplayed());
    browser.findElement(By.id("button-ascii")).click();
    await(browser, d -> d.findElement(By.id("download-warning")).isDisplayed());
    String text = browser.findElement(By.id("download-warning-text")).getText();
    assertTrue(text.startsWith("The ASCII answer (.ascii) is about 6."), text);
    assertTrue(
        text.endsWith("more than the 5 MB this server asks about first. Download it" + " anyway?"),
        text);
    assertTrue(browser.getCurrentUrl().endsWith(COADS + ".html"), browser.getCurrentUrl());
    browser.findElement(By.id("download-cancel")).click();
    assertFalse(browser.findElement(By.id("download-warning")).isDisplayed());
    // A small selection downloads at once; the large one, once confirmed.
    browser.findElement(By.id("button-dods")).click();
    assertFalse(
        browser.findElement(By.id("download-warning")).isDisplayed(),
        "3 MB of .dods is under the limit");
    browser.get(opendap + COADS + ".html");
    browser.findElement(By.id("button-ascii")).click();
    await(browser, d -> d.findElement(By.id("download-warning")).isDisplayed());
    browser.findElement(By.id("download-anyway")).click();
    await(browser, d -> d.getCurrentUrl().endsWith(COADS + ".ascii"));

    // Without scripts, the server asks in the page, and its button confirms.
    noScript.get(opendap + COADS + ".html");
    noScript.findElement(By.id("button-ascii")).click();
    await(noScript, d -> d.getCurrentUrl().contains(COADS + ".html?"));
    WebElement asked = noScript.findElement(By.id("large-download"));
    assertTrue(
        asked
            .getText()
            .startsWith("The ASCII answer (.ascii) for the whole dataset is" + " about 6."),
        asked.getText());
    asked.findElement(By.id("confirm-download")).click();
    await(noScript, d -> d.getCurrentUrl().endsWith(COADS + ".ascii"));
    assertTrue(preText(noScript, false).startsWith("Dataset: " + COADS + "\n"));
  }

  @Test
  @Order(8)
  void aBigDataset_isAskedAboutFirst_atTheDefault100MB() throws Exception {
    // big/400MiB.nc is data[time=400][lat=512][lon=512], Float32: one MiB a time step. Its
    // whole .dods is 400 MiB and its DDS; 96 time steps are 100.7 MB, 95 are 99.6 MB.
    URI shipped = AS_SHIPPED.opendap();
    String big = "big/400MiB.nc";
    browser.get(shipped + big + ".html");
    long whole = shownSize(browser, "dods");
    assertTrue(whole > 400L << 20 && whole < (400L << 20) + 1024, "the whole .dods: " + whole);
    browser.findElement(By.id("button-dods")).click();
    await(browser, d -> d.findElement(By.id("download-warning")).isDisplayed());
    assertEquals(
        "The DAP2 binary answer (.dods) is 400.0 MiB ("
            + grouped(whole)
            + " bytes,"
            + " exactly), more than the 100 MB this server asks about first. Download it anyway?",
        browser.findElement(By.id("download-warning-text")).getText());
    assertTrue(browser.getCurrentUrl().endsWith(big + ".html"), browser.getCurrentUrl());
    browser.findElement(By.id("download-cancel")).click();
    assertFalse(browser.findElement(By.id("download-warning")).isDisplayed());

    // Just over the limit: the first 96 time steps.
    check(browser, "var-data");
    type(browser, "dim-data-0-stop", 95);
    long over = shownSize(browser, "dods");
    assertTrue(over > 100_000_000L && over < 100_000_000L + (1L << 20), "96 steps: " + over);
    browser.findElement(By.id("button-dods")).click();
    await(browser, d -> d.findElement(By.id("download-warning")).isDisplayed());
    assertTrue(browser.getCurrentUrl().endsWith(big + ".html"), browser.getCurrentUrl());
    browser.findElement(By.id("download-cancel")).click();

    // Without scripts the server decides alike: the question for 96 steps, the 303 for 95 (not
    // followed, so that nothing is downloaded).
    String query = "?var=data&dim-data-0-start=0&dim-data-0-stride=1&dim-data-0-stop=";
    HttpResponse<byte[]> asked =
        ItSupport.get(URI.create(shipped + big + ".html" + query + "95&format=dods"));
    assertEquals(200, asked.statusCode());
    assertTrue(
        ItSupport.text(asked)
            .contains(
                "<div class=\"warning\" id=\"large-download\""
                    + " role=\"alert\"><p>The DAP2 binary answer (.dods) for this selection is 96.0 MiB ("
                    + grouped(over)
                    + " bytes, exactly), more than the 100 MB this server asks about"
                    + " first.</p>"),
        ItSupport.text(asked));
    HttpResponse<byte[]> under =
        ItSupport.get(URI.create(shipped + big + ".html" + query + "94&format=dods"));
    assertEquals(303, under.statusCode(), ItSupport.text(under));
    assertEquals(
        "400MiB.nc.dods?data%5B0:1:94%5D%5B0:1:511%5D%5B0:1:511%5D",
        under.headers().firstValue("Location").orElseThrow());
  }

  @Test
  @Order(9)
  void hostileNames_areText_inTheListing_theForms_andTheThreddsCatalog() throws Exception {
    String name = Datasets.HOSTILE_FILE_NAME;
    String variable = "<script>alert(2)</script>\"'";
    browser.get(opendap + "hostile/");
    assertNoAlert(browser);
    WebElement link = browser.findElement(By.cssSelector("table.listing tr.data td a"));
    assertEquals(name, link.getText());
    assertNoInjectedElements(browser, 1); // The JSON-LD block.

    String dap4Form = link.getDomProperty("href");
    link.click();
    await(browser, d -> d.getCurrentUrl().contains(".dmr.html"));
    for (String form : List.of("DAP4", "DAP2")) {
      if (form.equals("DAP2")) {
        browser.findElement(By.linkText("DAP2 form")).click();
        await(browser, d -> d.getCurrentUrl().endsWith(".nc.html"));
      }
      assertNoAlert(browser);
      assertEquals(name, browser.findElement(By.tagName("h1")).getText(), form);
      assertTrue(browser.getTitle().startsWith(name + " \u00b7 " + form), browser.getTitle());
      List<String> labels = new ArrayList<>();
      for (WebElement label : browser.findElements(By.cssSelector("label.name"))) {
        labels.add(label.getText());
      }
      assertEquals(List.of("x", variable), labels, form);
      String text = browser.findElement(By.tagName("main")).getDomProperty("textContent");
      for (String shown :
          List.of(
              "<script>alert(3)</script> \"double\" 'single' & more",
              "</script><script>alert(4)</script>",
              "on\"'<b>x",
              "\"'><img src=x onerror=alert(5)>",
              "\"'><img src=x onerror=alert(6)>")) {
        assertTrue(text.contains(shown), form + " shows " + shown + ": " + text);
      }
      // Exactly the page's own three script elements: the JSON-LD and form-data blocks (data,
      // never run) and the form's script.
      assertNoInjectedElements(browser, 3);
      String jsonLd =
          browser
              .findElement(By.cssSelector("script[type='application/ld+json']"))
              .getDomProperty("textContent");
      assertTrue(jsonLd.contains("\\u003c/script>\\u003cscript>alert(4)\\u003c/script>"), jsonLd);

      // The script's data URLs name the dataset and the variable so that the BES finds them.
      // DAP2 names the hostile variable %-escaped; DAP4 cannot name it at all (libdap reads a
      // slash in a name as a group separator, and netCDF never makes one), so x stands in.
      boolean dap4 = form.equals("DAP4");
      browser.findElements(By.cssSelector("input[name='var']")).get(dap4 ? 0 : 1).click();
      String url = browser.findElement(By.id("constraint-url")).getDomProperty("value");
      URI data = URI.create(url.replace("?", dap4 ? ".dap.csv?" : ".ascii?"));
      HttpResponse<byte[]> answer = ItSupport.get(data);
      assertEquals(200, answer.statusCode(), data + ": " + ItSupport.text(answer));
      String values = dap4 ? "/x, 0, 10, 20, 30\n" : ", 0, 0.5, 1, 1.5\n";
      assertTrue(ItSupport.text(answer).contains(values), data + ": " + ItSupport.text(answer));
    }

    // Without scripts the server reads the same selection back and answers with a 303 to the
    // data URL it builds.
    noScript.get(dap4Form.replace(".dmr.html", ".html"));
    assertNoAlert(noScript);
    assertNoInjectedElements(noScript, 3);
    noScript.findElements(By.cssSelector("input[name='var']")).get(1).click();
    noScript.findElement(By.id("button-ascii")).click();
    await(noScript, d -> d.getCurrentUrl().contains(".nc.ascii?"));
    assertTrue(preText(noScript, false).contains(", 0, 0.5, 1, 1.5\n"), noScript.getPageSource());

    browser.get(opendap + "hostile/catalog.xml");
    assertNoAlert(browser);
    HttpResponse<byte[]> thredds = ItSupport.get(opendap.resolve("hostile/catalog.xml"));
    assertEquals(200, thredds.statusCode());
    SAXBuilder parser = new SAXBuilder();
    parser.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document catalog =
        parser.build(new StringReader(new String(thredds.body(), StandardCharsets.UTF_8)));
    Namespace ns = catalog.getRootElement().getNamespace();
    Element dataset = catalog.getRootElement().getChild("dataset", ns).getChild("dataset", ns);
    assertEquals(name, dataset.getAttributeValue("name"));
    for (Element access : dataset.getChildren("access", ns)) {
      // A URL path: percent-encoded, so that a client joining it to the service base gets the
      // dataset's URL.
      String path = access.getAttributeValue("urlPath");
      assertTrue(path.matches("[A-Za-z0-9._~%/-]+"), path);
      assertTrue(
          java.net.URLDecoder.decode(path, StandardCharsets.UTF_8).startsWith("hostile/" + name),
          path);
    }
  }

  @Test
  @Order(10)
  void hostileName_isOneEncodedUrlInTheSiteMap() throws Exception {
    HttpResponse<byte[]> map = ItSupport.get(opendap.resolve("siteMap/smap_0.txt"));
    assertEquals(200, map.statusCode(), ItSupport.text(map));
    List<String> lines =
        ItSupport.text(map).lines().filter(line -> line.startsWith(opendap + "hostile/")).toList();
    assertEquals(
        List.of(
            opendap + "hostile/contents.html",
            opendap
                + "hostile/hostile%22%27%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E.nc.dmr.html"),
        lines);
    browser.get(lines.get(1));
    assertEquals(Datasets.HOSTILE_FILE_NAME, browser.findElement(By.tagName("h1")).getText());
    assertNoAlert(browser);
  }

  @Test
  @Order(11)
  void seleniumManager_wasNeverAsked() {
    assertTrue(
        seleniumLog.stream()
            .anyMatch(r -> String.valueOf(r.getMessage()).startsWith("Skipping Selenium Manager")),
        "Selenium logged how it found the driver");
    for (LogRecord record : seleniumLog) {
      assertFalse(
          record.getLoggerName().startsWith("org.openqa.selenium.manager"),
          "Selenium Manager ran: " + record.getMessage());
    }
  }

  // ---------------------------------------------------------------------------------------------

  /** Checks a box unless it is checked (a page come back to keeps what was checked). */
  private static void check(WebDriver driver, String id) {
    WebElement box = driver.findElement(By.id(id));
    if (!box.isSelected()) {
      box.click();
    }
  }

  /** The query of the data URL the form shows. */
  private static String query(WebDriver driver) {
    String url = driver.findElement(By.id("constraint-url")).getDomProperty("value");
    return url.substring(url.indexOf('?') + 1);
  }

  /** The exact size a form shows on a format's button. */
  private static long shownSize(WebDriver driver, String token) {
    return Long.parseLong(driver.findElement(By.id("size-" + token)).getDomAttribute("data-bytes"));
  }

  /** {@code n} with a comma between each three digits, as the pages write byte counts. */
  private static String grouped(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** The number of bytes the front end sends for a data URL. */
  private long bytes(String pathAndQuery) throws Exception {
    HttpResponse<byte[]> response = ItSupport.get(URI.create(opendap + pathAndQuery));
    assertEquals(200, response.statusCode(), pathAndQuery + ": " + ItSupport.text(response));
    return response.body().length;
  }

  /** The bytes the front end sends for a data URL, as text. */
  private String direct(String pathAndQuery) throws Exception {
    HttpResponse<byte[]> response = ItSupport.get(URI.create(opendap + pathAndQuery));
    assertEquals(200, response.statusCode(), pathAndQuery + ": " + ItSupport.text(response));
    return ItSupport.text(response);
  }

  private static void assertNoAlert(WebDriver driver) {
    assertThrows(
        NoAlertPresentException.class,
        () -> driver.switchTo().alert(),
        "an alert is open on " + driver.getCurrentUrl());
  }

  /** No element a name could have smuggled in; {@code scripts} script elements in all. */
  private static void assertNoInjectedElements(WebDriver driver, int scripts) {
    assertEquals(
        scripts,
        driver.findElements(By.tagName("script")).size(),
        "script elements on " + driver.getCurrentUrl());
    for (String tag : List.of("img", "b", "i")) {
      assertEquals(
          0,
          driver.findElements(By.tagName(tag)).size(),
          tag + " elements on " + driver.getCurrentUrl());
    }
  }

  /**
   * Saves what the browser shows, from the top and with no field focused: a page shorter than the
   * window as its body alone, a longer one as the window.
   */
  private void screenshot(WebDriver driver, String name) throws IOException {
    ((JavascriptExecutor) driver)
        .executeScript(
            "if (document.activeElement) { document.activeElement.blur(); } window.scrollTo(0, 0);");
    WebElement body = driver.findElement(By.tagName("body"));
    boolean fits = body.getRect().getHeight() < driver.manage().window().getSize().getHeight();
    byte[] png =
        (fits ? (TakesScreenshot) body : (TakesScreenshot) driver)
            .getScreenshotAs(OutputType.BYTES);
    Files.write(screenshots.resolve(name), png);
  }

  private long statusCount(String counter) throws Exception {
    String status = ItSupport.text(ItSupport.get(opendap.resolve("status")));
    Matcher m = Pattern.compile("\"" + counter + "\": (\\d+)").matcher(status);
    assertTrue(m.find(), status);
    return Long.parseLong(m.group(1));
  }
}
