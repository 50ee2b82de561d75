package io.strata.correlator.streams.speed;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.junit.jupiter.api.Test;

class PromptCommitTest {

  private static final long MS = 1_000_000L;

  private final MockProcessorContext<String, Object> context = new MockProcessorContext<>();
  private final AtomicLong nanos = new AtomicLong(5_000 * MS);
  private final AtomicInteger counted = new AtomicInteger();

  private PromptCommit prompt() {
    PromptCommit prompt =
        new PromptCommit(Duration.ofMillis(100), nanos::get, counted::incrementAndGet);
    prompt.init(context);
    return prompt;
  }

  @Test
  void theFirstRequestCommitsAtOnce() {
    prompt().request();

    assertThat(context.committed()).isTrue();
    assertThat(counted).hasValue(1);
  }

  @Test
  void aRequestWithinTheSpacingWaitsForTheNextRecordAfterIt() {
    PromptCommit prompt = prompt();
    prompt.request();
    context.resetCommit();

    nanos.addAndGet(40 * MS);
    prompt.request();
    assertThat(context.committed()).as("40 ms after the last request").isFalse();

    nanos.addAndGet(59 * MS);
    prompt.onRecord();
    assertThat(context.committed()).as("99 ms after").isFalse();

    nanos.addAndGet(1 * MS);
    prompt.onRecord();
    assertThat(context.committed()).as("100 ms after: the held-back request goes out").isTrue();
    assertThat(counted).hasValue(2);
  }

  @Test
  void recordsWithoutARequestCommitNothing() {
    PromptCommit prompt = prompt();
    prompt.request();
    context.resetCommit();

    nanos.addAndGet(500 * MS);
    prompt.onRecord();
    prompt.onRecord();

    assertThat(context.committed()).isFalse();
    assertThat(counted).hasValue(1);
  }
}
