package io.strata.correlatorbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link FloorApp} in a child JVM on this benchmark's own classpath, with the JVM options and heap
 * the correlator gets in the same run, so the two drains differ only in what runs per record.
 */
final class FloorProcess implements DrainSubject, AutoCloseable {

  private final ChildProcess process;
  private final String applicationId;

  private FloorProcess(ChildProcess process, String applicationId) {
    this.process = process;
    this.applicationId = applicationId;
  }

  static FloorProcess start(
      FloorApp.Variant variant,
      String bootstrapServers,
      String applicationId,
      Path workDir,
      String heap,
      List<String> jvmOptions)
      throws IOException {
    String name = "floor-" + variant.name().toLowerCase(java.util.Locale.ROOT);
    Path stateDir = Files.createDirectories(workDir.resolve(name + "-state"));
    List<String> command = new ArrayList<>();
    command.add(ChildProcess.javaBinary());
    command.add("-Xmx" + heap);
    command.add("-Xms" + heap);
    command.addAll(jvmOptions);
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            FloorApp.class.getName(),
            bootstrapServers,
            applicationId,
            stateDir.toString(),
            variant.name()));
    return new FloorProcess(
        ChildProcess.start(name, command, workDir.resolve(name + ".log")), applicationId);
  }

  @Override
  public String applicationId() {
    return applicationId;
  }

  @Override
  public ChildProcess child() {
    return process;
  }

  @Override
  public void close() {
    process.close();
  }
}
