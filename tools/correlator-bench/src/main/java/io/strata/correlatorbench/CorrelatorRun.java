package io.strata.correlatorbench;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.TopicPartition;

/**
 * Phase (b), and each floor run: watches the application's consumer group once a second until its
 * committed offsets reach the end of every input topic and of its own repartition topics (a record
 * committed on the input may still wait in a repartition topic), or the cap passes.
 */
final class CorrelatorRun {

  /**
   * @param processed input records committed when the watch ended
   * @param seconds from the JVM's start to the end of the watch
   * @param firstCommitSeconds when the group first committed (startup and restore before it)
   * @param committedAtFirst input records already committed at that first look
   */
  record Result(
      boolean drained,
      long total,
      long processed,
      double seconds,
      double firstCommitSeconds,
      long committedAtFirst,
      double inputDrainedSeconds,
      long repartitionLag,
      double cpuSeconds,
      long maxHeapBytes) {

    double recordsPerSecond() {
      return processed / seconds;
    }

    double recordsPerSecondAfterFirstCommit() {
      double window = seconds - firstCommitSeconds;
      return window <= 0 ? 0 : (processed - committedAtFirst) / window;
    }

    double coresUsed() {
      return cpuSeconds / seconds;
    }

    double cpuMicrosPerRecord() {
      return processed == 0 ? 0.0 : cpuSeconds / processed * 1e6;
    }

    /** The figures of a floor run ({@link FloorApp}), under its own prefix. */
    void printAs(String prefix) {
      BenchMain.print(prefix + "_records", processed + " of " + total);
      BenchMain.print(prefix + "_seconds", seconds);
      BenchMain.print(prefix + "_records_per_s", recordsPerSecond());
      BenchMain.print(
          prefix + "_records_per_s_after_first_commit", recordsPerSecondAfterFirstCommit());
      BenchMain.print(prefix + "_cores_used", coresUsed());
      BenchMain.print(prefix + "_cpu_us_per_record", cpuMicrosPerRecord());
    }

    void print() {
      BenchMain.print("b_correlator_records", processed + " of " + total);
      BenchMain.print("b_correlator_seconds", seconds);
      BenchMain.print("b_first_commit_after_s", firstCommitSeconds);
      BenchMain.print(
          "b_input_lag_zero_after_s", inputDrainedSeconds < 0 ? "never" : inputDrainedSeconds);
      BenchMain.print("b_repartition_lag_at_end", repartitionLag);
      BenchMain.print("b_correlator_records_per_s", recordsPerSecond());
      BenchMain.print(
          "b_correlator_records_per_s_after_first_commit", recordsPerSecondAfterFirstCommit());
      BenchMain.print("b_cpu_seconds", cpuSeconds);
      BenchMain.print("b_cores_used", coresUsed());
      BenchMain.print("b_cpu_us_per_record", cpuMicrosPerRecord());
      BenchMain.print("b_heap_used_max_mib", maxHeapBytes / 1048576.0);
    }
  }

  private CorrelatorRun() {}

  static Result drain(
      DrainSubject subject, Admin admin, Map<TopicPartition, Long> ends, int maxSeconds)
      throws Exception {
    long total = InputTopics.sum(ends);
    long started = System.nanoTime();
    double firstCommit = -1;
    double inputDrained = -1;
    long committedAtFirst = 0;
    long lag = total;
    long repartitionLag = 0;
    double elapsed = 0;
    double lastReport = 0;
    while (true) {
      Thread.sleep(1000);
      elapsed = (System.nanoTime() - started) / 1e9;
      if (!subject.alive()) {
        throw new IllegalStateException(subject.applicationId() + " exited; see " + subject.log());
      }
      subject.sampleHeap();
      var committed = InputTopics.committed(admin, subject.applicationId());
      if (!committed.isEmpty()) {
        lag = InputTopics.lag(committed, ends);
        repartitionLag =
            InputTopics.lag(committed, InputTopics.repartitionEnds(admin, subject.applicationId()));
        if (firstCommit < 0) {
          firstCommit = elapsed;
          committedAtFirst = total - lag;
        }
        if (lag == 0 && inputDrained < 0) {
          inputDrained = elapsed;
        }
      }
      if (elapsed - lastReport >= 10) {
        lastReport = elapsed;
        System.out.printf(
            Locale.ROOT,
            "# t=%.0f s lag=%d repartition_lag=%d processed=%d cpu=%.1f s heap_max=%.0f MiB%n",
            elapsed,
            lag,
            repartitionLag,
            total - lag,
            subject.cpu().toMillis() / 1000.0,
            subject.maxHeapBytes() / 1048576.0);
      }
      if ((lag == 0 && repartitionLag == 0) || elapsed >= maxSeconds) {
        break;
      }
    }
    Duration cpu = subject.cpu();
    return new Result(
        lag == 0 && repartitionLag == 0,
        total,
        total - lag,
        elapsed,
        Math.max(firstCommit, 0),
        committedAtFirst,
        inputDrained,
        repartitionLag,
        cpu.toMillis() / 1000.0,
        subject.maxHeapBytes());
  }
}
