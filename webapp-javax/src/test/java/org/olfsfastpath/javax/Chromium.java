package org.olfsfastpath.javax;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium driven by its chromedriver, given by path so that Selenium Manager
 * never runs and nothing is downloaded (as in webapp's BrowserIT, which says more).
 */
final class Chromium {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  private static final Duration WAIT = Duration.ofSeconds(20);

  private Chromium() {}

  /** A browser with scripts on; skips the test when Chromium or its driver is not installed. */
  static WebDriver start() {
    for (Path program : List.of(CHROMIUM, CHROMEDRIVER)) {
      assumeTrue(Files.isExecutable(program), program + " is not installed (scripts/setup"
          + " installs Debian's chromium and chromium-driver); skipping the browser flow");
    }
    System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(CHROMEDRIVER.toFile())
        .usingAnyFreePort()
        .build();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu",
        "--disable-dev-shm-usage", "--window-size=1200,1150", "--no-first-run", "--disable-sync",
        "--disable-extensions", "--disable-background-networking",
        "--disable-component-update", "--no-default-browser-check");
    return new ChromeDriver(service, options);
  }

  /** Checks a variable and types one range into its first dimension. */
  static void select(WebDriver driver, String variable, int start, int stride, int stop) {
    WebElement box = driver.findElement(By.id("var-" + variable));
    if (!box.isSelected()) {
      box.click();
    }
    type(driver, "dim-" + variable + "-0-start", start);
    type(driver, "dim-" + variable + "-0-stride", stride);
    type(driver, "dim-" + variable + "-0-stop", stop);
  }

  private static void type(WebDriver driver, String id, int value) {
    WebElement input = driver.findElement(By.id(id));
    input.clear();
    input.sendKeys(Integer.toString(value));
  }

  /** Polls {@code condition} until it holds, for at most 20 s. */
  static void await(WebDriver driver, Predicate<WebDriver> condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!condition.test(driver)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("waited " + WAIT.toSeconds() + " s in vain on "
            + driver.getCurrentUrl());
      }
      Thread.sleep(25);
    }
  }
}
