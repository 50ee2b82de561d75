package io.strata.correlatorbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A JVM this benchmark starts and always ends, by its own handle (never by name). Java closes every
 * inherited descriptor above stderr in the child, so the shared build lock the run holds is not
 * passed on.
 */
final class ChildProcess implements AutoCloseable {

  private final String name;
  private final Process process;
  private final Path log;

  private ChildProcess(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
  }

  static ChildProcess start(String name, List<String> command, Path log) throws IOException {
    Files.createDirectories(log.getParent());
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    System.out.println("# started " + name + " pid=" + process.pid() + " log=" + log);
    return new ChildProcess(name, process, log);
  }

  static String javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  long pid() {
    return process.pid();
  }

  ProcessHandle handle() {
    return process.toHandle();
  }

  boolean alive() {
    return process.isAlive();
  }

  Path log() {
    return log;
  }

  /** CPU time the process used so far (user + system), zero when the platform cannot say. */
  Duration cpu() {
    return process.info().totalCpuDuration().orElse(Duration.ZERO);
  }

  /** SIGTERM, so a JVM runs its shutdown hooks (JFR dump, broker shutdown); SIGKILL after 60 s. */
  @Override
  public void close() {
    if (!process.isAlive()) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        System.out.println("# " + name + " did not stop within 60 s, killing pid " + pid());
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
