package io.strata.correlator.streams.speed;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.request.AssembledTrace;
import io.strata.correlator.core.request.TimedTrace;
import io.strata.events.Correlation;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A sweep's requests for one key are cut into records of at most 256, in order. */
class SweepSplitTest {

  private static List<TimedTrace> requests(int count) {
    return IntStream.range(0, count)
        .mapToObj(
            i ->
                new TimedTrace(
                    new AssembledTrace(
                        "t" + i,
                        Correlation.empty(),
                        "GPU-1",
                        Instant.EPOCH,
                        1.0,
                        false,
                        null,
                        null,
                        null),
                    i))
        .toList();
  }

  @Test
  void aSmallBatchIsOneRecord() {
    List<TimedTrace> three = requests(3);

    assertThat(SweepSplit.chunks(three, SweepSplit.MAX_PER_RECORD)).containsExactly(three);
  }

  @Test
  void aHotKeysSweepIsCutInOrderIntoRecordsOfAtMost256() {
    List<TimedTrace> many = requests(600);

    List<List<TimedTrace>> chunks = SweepSplit.chunks(many, SweepSplit.MAX_PER_RECORD);

    assertThat(chunks).extracting(List::size).containsExactly(256, 256, 88);
    assertThat(chunks.stream().flatMap(List::stream).toList()).isEqualTo(many);
  }
}
