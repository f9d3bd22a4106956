package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.UnexpectedAlertBehaviour;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium driven by its chromedriver, for the browser tests (BrowserIT, and
 * webapp-javax's Tomcat9IT through this module's test jar), and what they do in a request form. The
 * driver and browser are given by path, so Selenium Manager never runs and nothing is downloaded.
 */
public final class Chromium {
  public static final Path BROWSER = Path.of("/usr/bin/chromium");
  public static final Path DRIVER = Path.of("/usr/bin/chromedriver");
  private static final Duration WAIT = Duration.ofSeconds(20);

  private Chromium() {}

  /** The first of the browser and its driver that is not installed, or null. */
  public static Path missing() {
    for (Path program : List.of(BROWSER, DRIVER)) {
      if (!Files.isExecutable(program)) {
        return program;
      }
    }
    return null;
  }

  /** Why a browser test skips: what is missing and where it comes from. */
  public static String missingReason(Path program) {
    return program
        + " is not installed (scripts/setup installs Debian's chromium and"
        + " chromium-driver); skipping the browser tests";
  }

  /**
   * A headless browser, scripts on or off, saving downloads into {@code downloads}; skips the test
   * when the browser or its driver is not installed.
   */
  public static WebDriver start(boolean scripts, Path downloads) {
    Path missing = missing();
    assumeTrue(missing == null, () -> missingReason(missing));
    // Belt and braces: with the driver's path in the system property too, no lookup can start.
    System.setProperty("webdriver.chrome.driver", DRIVER.toString());
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(DRIVER.toFile())
            .usingAnyFreePort()
            .build();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(BROWSER.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1200,1150",
        "--force-device-scale-factor=1",
        "--hide-scrollbars",
        "--lang=en-US",
        "--no-first-run",
        "--disable-sync",
        "--disable-default-apps",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-domain-reliability",
        "--metrics-recording-only",
        "--no-default-browser-check",
        "--disable-features=Translate,OptimizationHints,MediaRouter");
    // An alert stays open for the test to find instead of being dismissed by the driver.
    options.setUnhandledPromptBehaviour(UnexpectedAlertBehaviour.IGNORE);
    Map<String, Object> prefs = new HashMap<>();
    prefs.put("download.default_directory", downloads.toString());
    prefs.put("download.prompt_for_download", false);
    prefs.put("safebrowsing.enabled", false);
    if (!scripts) {
      prefs.put("profile.managed_default_content_settings.javascript", 2);
    }
    options.setExperimentalOption("prefs", prefs);
    return new ChromeDriver(service, options);
  }

  /** Checks a variable and types one range into its first dimension. */
  public static void select(WebDriver driver, String variable, int start, int stride, int stop) {
    WebElement box = driver.findElement(By.id("var-" + variable));
    if (!box.isSelected()) {
      box.click();
    }
    type(driver, "dim-" + variable + "-0-start", start);
    type(driver, "dim-" + variable + "-0-stride", stride);
    type(driver, "dim-" + variable + "-0-stop", stop);
  }

  public static void type(WebDriver driver, String id, int value) {
    typeText(driver, id, Integer.toString(value));
  }

  public static void typeText(WebDriver driver, String id, String text) {
    WebElement input = driver.findElement(By.id(id));
    input.clear();
    input.sendKeys(text);
  }

  /**
   * The text of a plain-text answer the browser shows: exactly, read by script; with scripts off as
   * WebDriver reads the {@code pre}, which loses only the final newline.
   */
  public static String preText(WebDriver driver, boolean scripts) {
    WebElement pre = driver.findElement(By.tagName("pre"));
    if (scripts) {
      return (String)
          ((JavascriptExecutor) driver).executeScript("return arguments[0].textContent;", pre);
    }
    return pre.getText() + "\n";
  }

  /** Polls {@code condition} until it holds, for at most 20 s. */
  public static void await(WebDriver driver, Predicate<WebDriver> condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!condition.test(driver)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "waited " + WAIT.toSeconds() + " s in vain on " + driver.getCurrentUrl());
      }
      Thread.sleep(25);
    }
  }
}
