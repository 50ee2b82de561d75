package io.strata.correlator.streams.speed;

import io.strata.correlator.config.CorrelatorSettings;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.apache.kafka.streams.processor.api.ProcessingContext;

/**
 * Asks Kafka Streams to commit at the end of the current processing round rather than at the next
 * {@code commit.interval.ms} (ADR 041), for the few records an operator waits for: device trouble
 * on its way to the device-incident side and the incidents that side publishes. Under exactly-once
 * a downstream task and every reader see a record only once its transaction commits, so an XID's
 * incident otherwise waits for two commit intervals (1 s each in prod).
 *
 * <p>Requests are spaced: at most one per {@code spacing}, so a storm of trouble costs at most the
 * commits of a {@code spacing} commit interval. A request held back by the spacing is not lost: the
 * next record this processor sees after the spacing has passed sends it ({@link #onRecord()}), and
 * the regular commit interval bounds the wait if none comes.
 *
 * <p>{@link ProcessingContext#commit()} sets the task's commit-requested flag; the stream thread
 * commits every task it runs (one transaction under exactly_once_v2) after the processing round
 * (Kafka Streams 4.1 {@code StreamThread#maybeCommit} → {@code
 * TaskManager#maybeCommitActiveTasksPerUserRequested}).
 */
public final class PromptCommit {

  private final long spacingNanos;
  private final LongSupplier nanoClock;
  private final Runnable counted;
  private ProcessingContext context;
  private boolean pending;
  private long lastRequestNanos;

  /**
   * @param spacing the least time between two requests
   * @param nanoClock a monotonic clock ({@code System::nanoTime})
   * @param counted called once per request sent (a metric)
   */
  PromptCommit(Duration spacing, LongSupplier nanoClock, Runnable counted) {
    this.spacingNanos = spacing.toNanos();
    this.nanoClock = nanoClock;
    this.counted = counted;
    // As if the last request went one spacing ago: the first one goes out at once.
    this.lastRequestNanos = nanoClock.getAsLong() - spacingNanos;
  }

  /** As the device settings say, on the wall clock. */
  public static PromptCommit of(CorrelatorSettings.Device device, Runnable counted) {
    return new PromptCommit(device.promptCommitSpacing(), System::nanoTime, counted);
  }

  public void init(ProcessingContext context) {
    this.context = context;
  }

  /** Something was forwarded that should be readable downstream soon. */
  public void request() {
    pending = true;
    onRecord();
  }

  /** Per record: sends a request the spacing held back, once the spacing has passed. */
  public void onRecord() {
    if (!pending) {
      return;
    }
    long now = nanoClock.getAsLong();
    if (now - lastRequestNanos < spacingNanos) {
      return;
    }
    context.commit();
    counted.run();
    pending = false;
    lastRequestNanos = now;
  }
}
