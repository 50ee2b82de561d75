package io.strata.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Headless Chromium from the machine's packages (Debian's {@code chromium} and {@code
 * chromium-driver}), driven by Selenium. Nothing is downloaded: the driver binary is named
 * explicitly so Selenium Manager never runs.
 */
final class Browser implements AutoCloseable {

  private static final List<String> BINARIES =
      List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome");
  private static final List<String> DRIVERS =
      List.of("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");

  private final ChromeDriver driver;
  private final Path screenshots;
  private int step;

  private Browser(ChromeDriver driver, Path screenshots) {
    this.driver = driver;
    this.screenshots = screenshots;
  }

  /** The chromium binary, from CHROME_BIN or the usual package paths. */
  static Optional<Path> chromium() {
    String configured = System.getenv("CHROME_BIN");
    if (configured != null && Files.isExecutable(Path.of(configured))) {
      return Optional.of(Path.of(configured));
    }
    return BINARIES.stream().map(Path::of).filter(Files::isExecutable).findFirst();
  }

  static Browser start(Path binary, Path screenshots, Path downloads) throws Exception {
    Path driverBinary =
        DRIVERS.stream()
            .map(Path::of)
            .filter(Files::isExecutable)
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "chromium is installed but chromedriver is not: apt-get install -y"
                            + " chromium-driver"));
    Files.createDirectories(screenshots);
    Files.createDirectories(downloads);
    ChromeOptions options = new ChromeOptions();
    options.setBinary(binary.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1440,2000");
    Map<String, Object> prefs = new HashMap<>();
    prefs.put("download.default_directory", downloads.toAbsolutePath().toString());
    prefs.put("download.prompt_for_download", false);
    options.setExperimentalOption("prefs", prefs);
    ChromeDriverService service =
        new ChromeDriverService.Builder().usingDriverExecutable(driverBinary.toFile()).build();
    ChromeDriver driver = new ChromeDriver(service, options);
    driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    return new Browser(driver, screenshots);
  }

  ChromeDriver driver() {
    return driver;
  }

  /** Saves the page as {@code NN-name.png} under the screenshot folder. */
  Path screenshot(String name) throws Exception {
    Path file = screenshots.resolve(String.format("%02d-%s.png", ++step, name));
    Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
    System.out.println("[e2e] screenshot " + file);
    return file;
  }

  @Override
  public void close() {
    driver.quit();
  }
}
